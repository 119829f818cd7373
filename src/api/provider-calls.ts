import type { Http } from "./http.ts";
import { newIdempotencyKey } from "./idempotency-key.ts";
import { routes } from "./routes.ts";
import {
  Acknowledgement,
  CompanyPages,
  CustomFields,
  PaymentInitiation,
  PaymentOutcome,
  Provider,
  type AuditEntry,
  type PaymentInitiateRequest,
} from "./schemas/index.ts";

/** Provider and other calls of spec §7. */
export function createProviderCalls(http: Http) {
  return {
    /** GET User/{id} */
    providerById: (id: number) => http.request(Provider, routes.providerById(id)),
    /** GET User/ByUser/{name}: the provider loaded anonymously by booking link at start-up. */
    providerByName: (name: string) => http.request(Provider, routes.providerByName(name)),
    /** GET CustomField/asAnonymous/{userId} */
    customFields: (userId: number) => http.request(CustomFields, routes.customFields(userId)),
    /** GET Company/connect?id={company}: the company's booking pages. */
    companyPages: (company: string) => http.request(CompanyPages, routes.companyPages(), { query: { id: company } }),
    /** POST AuditLog/asAnonymous/{userId} */
    postAuditEntry: (userId: number, entry: AuditEntry) =>
      http.request(Acknowledgement, routes.auditEntry(userId), { method: "POST", body: entry }),
    /** POST payu/initiate (provider "vipps" for the mobile wallet, which answers redirectUrl). */
    initiatePayment: (request: PaymentInitiateRequest) =>
      http.request(PaymentInitiation, routes.paymentInitiate(), { method: "POST", body: request, headers: { "Idempotency-Key": newIdempotencyKey() } }),
    /** GET payments/{paymentId} (our extension): whether a payment went through. */
    paymentOutcome: (paymentId: string) => http.request(PaymentOutcome, routes.paymentOutcome(paymentId)),
  };
}

export type ProviderCalls = ReturnType<typeof createProviderCalls>;
