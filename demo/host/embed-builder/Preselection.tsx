import type { EmbedOptions } from "./embed-options.ts";
import { Checks, SelectField } from "./fields.tsx";
import type { ProviderLists } from "./provider-lists.ts";

/** The services (and staff, where visitors choose them) a booking widget starts with, from the page's own lists. */
export function Preselection({
  lists,
  options,
  change,
}: {
  lists: ProviderLists;
  options: EmbedOptions;
  change: (c: Partial<EmbedOptions>) => void;
}) {
  const multiple = lists.provider.multipleServices;
  const titles = new Map(lists.services.map((service) => [String(service.id), service.title]));
  return (
    <>
      {multiple ? (
        <Checks
          legend="Start with these services chosen"
          hint="The visitor then starts at the next step."
          all={lists.services.map((service) => String(service.id))}
          ticked={options.services.map(String)}
          label={(id) => titles.get(id) ?? id}
          onChange={(ids) => change({ services: ids.map(Number) })}
        />
      ) : (
        <SelectField
          label="Start with this service chosen"
          value={options.services[0] ? String(options.services[0]) : ""}
          choices={[["", "None: the visitor chooses"], ...lists.services.map((service) => [String(service.id), service.title] as const)]}
          onChange={(id) => change({ services: id ? [Number(id)] : [] })}
        />
      )}
      {lists.provider.customerCanSelectStaff && (
        <SelectField
          label="Start with this staff member chosen"
          value={options.staff === null ? "" : String(options.staff)}
          choices={[["", "None: the visitor chooses"], ...lists.staff.map((member) => [String(member.id), member.name] as const)]}
          onChange={(id) => change({ staff: id ? Number(id) : null })}
        />
      )}
    </>
  );
}
