import { useLingui } from "@lingui/react";
import { Suspense, useId, useState } from "react";
import type { Provider, Service } from "../../contract/schemas/index.ts";
import { ApiErrorMessage } from "../../kernel/errors/ApiErrorMessage.tsx";
import { shellMessages } from "../../kernel/shell-messages.ts";
import { useBookingStore } from "../store/booking-store-context.ts";
import { Alert } from "../../ui/Alert.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { SanitizedHtml } from "../../ui/SanitizedHtml.tsx";
import { bookingMessages } from "../messages.ts";
import { type LaterScreen, lazyScreen } from "../../kernel/later/lazy-screen.ts";
import { SelectedServices } from "./SelectedServices.tsx";
import { filterCategories, showsSearch } from "./service-search.ts";
import { isSelected } from "../store/service-selection.ts";
import { ServiceRow } from "./ServiceRow.tsx";
import { useServices } from "../../kernel/provider/useServices.ts";
import { useWidget } from "../../kernel/widget-context.ts";

/** The extras dialog, from the later chunk (app/later-screens.ts checks it has it). */
export interface ServiceLater {
  ExtrasDialog: typeof import("./ExtrasDialog.tsx").default;
}
const ExtrasDialog = (lazyScreen as LaterScreen<ServiceLater>)("ExtrasDialog");

/** Step 1: the provider's categories and services, with the optional information box. */
export function ServiceStep({ provider }: { provider: Provider }) {
  const { _ } = useLingui();
  const { sanitizedHtml } = useWidget();
  const { data: categories, error, mutate } = useServices(provider.userId);
  const chooseService = useBookingStore((state) => state.chooseService);
  const toggleService = useBookingStore((state) => state.toggleService);
  const selected = useBookingStore((state) => state.selectedServices);
  const [extrasFor, setExtrasFor] = useState<Service | null>(null);
  const [query, setQuery] = useState("");
  const searchId = useId();
  const shown = categories ? filterCategories(categories, query) : undefined;
  const multiple = provider.multipleServices;
  const titled = categories?.some((category) => category.title);
  const groupServiceIds = new Set((categories ?? []).flatMap((c) => c.services).flatMap((s) => (s.capacity > 1 ? [s.id] : [])));

  const choose = (service: Service, extraServiceIds: number[]) =>
    multiple
      ? toggleService({ serviceId: service.id, extraServiceIds }, groupServiceIds)
      : chooseService({ serviceId: service.id, extraServiceIds });
  // Spec §4: a ticked service unticks; a service with extras asks for them first.
  const onChoose = (service: Service) => {
    if (multiple && isSelected(selected, service.id)) return toggleService({ serviceId: service.id, extraServiceIds: [] }, groupServiceIds);
    if ((service.children ?? []).length > 0) return setExtrasFor(service);
    choose(service, []);
  };

  return (
    <section className={`bw-step${multiple ? " bw-services--multiple" : ""}`} aria-labelledby="bw-step-title">
      {provider.showInformationBox && provider.informationBoxText && (
        <aside className="bw-info-box" part="information-box" aria-label={_(bookingMessages.information)}>
          <SanitizedHtml html={provider.informationBoxText} presanitized={sanitizedHtml.get(provider.informationBoxText)} />
        </aside>
      )}
      {/* Not Loaded: the list stays under a failed revalidation (the page's data island or a
          remembered visit showed it at once; an API that stops answering must not take it away). */}
      {error ? (
        <ApiErrorMessage error={error} notFound={bookingMessages.servicesLoadFailed} name="" onRetry={() => void mutate()} />
      ) : !categories ? (
        <Loading label={_(shellMessages.loading)} />
      ) : categories.length === 0 ? (
        <Alert tone="info">{_(bookingMessages.noServices)}</Alert>
      ) : (
        <>
          {showsSearch(categories, provider.customerCanSearchForAppointments) && (
            // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers providers' visitors use (Safari 17)
            <div className="bw-search" role="search">
              <label htmlFor={searchId}>{_(bookingMessages.search)}</label>
              <input id={searchId} type="search" value={query} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
            </div>
          )}
          {shown?.length === 0 && <p role="status">{_({ ...bookingMessages.noMatch, values: { query: query.trim() } })}</p>}
        </>
      )}
      {categories &&
        (shown ?? []).map((category, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two categories may share a title; the list only changes by filtering
          <section key={`${category.title}-${index}`} className="bw-category" part="category">
            {/* "Other services" only beside named groups: a page without categories has no heading (issue 57). */}
            {(category.title || titled) && <h3 className="bw-category__title">{category.title || _(bookingMessages.uncategorised)}</h3>}
            <ul className="bw-service-list">
              {category.services.map((service) => (
                <ServiceRow
                  key={service.id}
                  service={service}
                  provider={provider}
                  selected={multiple ? isSelected(selected, service.id) : undefined}
                  opening={extrasFor?.id === service.id}
                  onChoose={onChoose}
                />
              ))}
            </ul>
          </section>
        ))}
      {multiple && categories && <SelectedServices categories={categories} />}
      {extrasFor && (
        <Suspense fallback={null}>
          <ExtrasDialog
            provider={provider}
            service={extrasFor}
            onCancel={() => setExtrasFor(null)}
            onChoose={(extraServiceIds) => {
              setExtrasFor(null);
              choose(extrasFor, extraServiceIds);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
