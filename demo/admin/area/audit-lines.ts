import type { AuditEntry } from "../api/area-schemas.ts";

/** How many entries a page of the log holds: a screen's worth on a phone, a glance on a laptop. */
export const AUDIT_PAGE = 25;

/** The log so far, newest first, and whether an older page may follow. */
export interface AuditPages {
  entries: AuditEntry[];
  more: boolean;
}

/**
 * Adds a page the API answered (`before` the last entry's id) to the pages read so far.
 * A full page may have more behind it; a short one is the log's end. An entry already
 * shown (written while paging) is kept once.
 */
export function withPage(pages: AuditPages | null, page: readonly AuditEntry[], limit = AUDIT_PAGE): AuditPages {
  const seen = new Set(pages?.entries.map((entry) => entry.id));
  return { entries: [...(pages?.entries ?? []), ...page.filter((entry) => !seen.has(entry.id))], more: page.length >= limit };
}

/** The id the next (older) page is asked `before`: the oldest entry shown. */
export const olderThan = (pages: AuditPages) => pages.entries.at(-1)?.id;

const valueText = (value: unknown) => (value === null ? "–" : typeof value === "object" ? JSON.stringify(value) : String(value));

/**
 * An entry's details as one line: a changed field as "field: before → after", a fact as
 * "field: value". The log holds ids, states and names, never a customer's contact.
 */
export function detailsText(details: AuditEntry["details"]): string {
  return Object.entries(details)
    .map(([key, value]) =>
      Array.isArray(value) && value.length === 2
        ? `${key}: ${valueText(value[0])} → ${valueText(value[1])}`
        : `${key}: ${valueText(value)}`,
    )
    .join(", ");
}
