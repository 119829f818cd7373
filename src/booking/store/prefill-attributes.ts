/**
 * What the provider's page knows about its visitor, given as attributes of the element
 * (docs/embedding.md "Prefill and pre-selection"): first-name, last-name, email, phone (E.164),
 * service (service ids, comma-separated) and staff (a staff id). Kept as given; each is
 * checked where it is used, and one that does not fit is ignored with a console warning.
 */
export interface PrefillAttributes {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  service?: string | undefined;
  staff?: string | undefined;
}

/** Ids as the attributes write them: "12, 14" → [12, 14]; null when any part is not a whole positive number. */
export function idsOf(value: string): number[] | null {
  const parts = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^\d{1,9}$/.test(part) || Number(part) === 0)) return null;
  return [...new Set(parts.map(Number))];
}
