import type { Http } from "./http.ts";
import { firstScreenRoutes as routes } from "../contract/first-screen-routes.ts";
import { CompanyPages, Provider, ServiceCategories } from "../contract/schemas/index.ts";

/**
 * The calls a first screen makes (spec §7): the provider and its catalogue, or the
 * company's pages. Every later call is built where it is used (useApiCalls), so the
 * first screen carries neither those calls nor their answers' schemas.
 */
export function createProviderCalls(http: Http) {
  return {
    /** GET User/{id} */
    providerById: (id: number) => http.request(Provider, routes.providerById(id)),
    /** GET User/ByUser/{name}: the provider loaded anonymously by booking link at start-up. */
    providerByName: (name: string) => http.request(Provider, routes.providerByName(name)),
    /** GET Service/asAnonymous?userId= : categories with services. */
    services: (userId: number) => http.request(ServiceCategories, routes.services(), { query: { userId } }),
    /** GET Company/connect?id={company}: the company's booking pages. */
    companyPages: (company: string) => http.request(CompanyPages, routes.companyPages(), { query: { id: company } }),
  };
}

export type ProviderCalls = ReturnType<typeof createProviderCalls>;
