import { useLingui } from "@lingui/react";
import type { Provider, Service } from "../../api/schemas/index.ts";
import { ApiErrorMessage } from "../../app/ApiErrorMessage.tsx";
import { shellMessages } from "../../app/messages.ts";
import { useBookingStore } from "../../app/widget-context.ts";
import { Alert } from "../../ui/Alert.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { SanitizedHtml } from "../../ui/SanitizedHtml.tsx";
import { bookingMessages } from "../messages.ts";
import { ServiceRow } from "./ServiceRow.tsx";
import { useServices } from "./useServices.ts";

/** Step 1: the provider's categories and services, with the optional information box. */
export function ServiceStep({ provider }: { provider: Provider }) {
  const { _ } = useLingui();
  const { data: categories, error, mutate } = useServices(provider.userId);
  const chooseService = useBookingStore((state) => state.chooseService);

  const onChoose = (service: Service) => chooseService({ serviceId: service.id, extraServiceIds: [] });

  return (
    <section className="bw-step" aria-labelledby="bw-step-title">
      {provider.showInformationBox && provider.informationBoxText && (
        <aside className="bw-info-box" part="information-box" aria-label={_(bookingMessages.information)}>
          <SanitizedHtml html={provider.informationBoxText} />
        </aside>
      )}
      {error ? (
        <ApiErrorMessage error={error} notFound={bookingMessages.servicesLoadFailed} name="" onRetry={() => void mutate()} />
      ) : !categories ? (
        <Loading label={_(shellMessages.loading)} />
      ) : categories.length === 0 ? (
        <Alert tone="info">{_(bookingMessages.noServices)}</Alert>
      ) : (
        categories.map((category, index) => (
          <section key={`${category.title}-${index}`} className="bw-category" part="category">
            <h3 className="bw-category__title">{category.title || _(bookingMessages.uncategorised)}</h3>
            <ul className="bw-service-list">
              {category.services.map((service) => (
                <ServiceRow key={service.id} service={service} provider={provider} onChoose={onChoose} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
