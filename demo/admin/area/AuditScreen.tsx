import { useLingui } from "@lingui/react";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useAdmin } from "../admin-context.tsx";
import type { AuditEntry } from "../api/area-schemas.ts";
import { refusalWords } from "../api/refusal-words.ts";
import { am, CHANGE_WORDS } from "../i18n/area-messages.ts";
import { intlTagOf } from "../i18n/admin-i18n.ts";
import { m } from "../i18n/messages.ts";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { AUDIT_PAGE, type AuditPages, detailsText, olderThan, withPage } from "./audit-lines.ts";
import { useAreaData } from "./use-area-data.ts";

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AuditEntry>();
const NO_ENTRIES: AuditEntry[] = [];

/**
 * The audit log: every change made in the back office, newest first (who, when, what,
 * the appointment it touched), a page at a time, "Show older" for the next.
 */
export function AuditScreen() {
  const { _, i18n } = useLingui();
  const { api, session } = useAdmin();
  const read = useCallback(() => api.audit({ limit: AUDIT_PAGE }), [api]);
  const first = useAreaData(read);
  const [pages, setPages] = useState<AuditPages | null>(null);
  const [olderError, setOlderError] = useState<unknown>(null);
  useEffect(() => {
    if (first.data) setPages(withPage(null, first.data));
  }, [first.data]);
  const showOlder = async () => {
    if (!pages) return;
    setOlderError(null);
    try {
      const before = olderThan(pages);
      const page = await api.audit({ limit: AUDIT_PAGE, ...(before !== undefined ? { before } : {}) });
      setPages((shown) => withPage(shown, page));
    } catch (failure) {
      setOlderError(failure);
    }
  };
  const timeZone = session!.provider.timeZone;
  // Stable while the language and zone are: TanStack Table rebuilds its model when the columns change.
  const columns = useMemo(() => {
    const when = new Intl.DateTimeFormat(intlTagOf(i18n.locale), { dateStyle: "medium", timeStyle: "short", timeZone });
    return column.columns([
      column.accessor("at", { header: () => _(am.when), cell: (info) => when.format(new Date(info.getValue())) }),
      column.accessor("actor", { header: () => _(am.who) }),
      column.accessor("change", {
        header: () => _(am.what),
        cell: (info) => {
          // A change the app does not know yet is shown as the API wrote it.
          const words = CHANGE_WORDS[info.getValue()];
          return words ? _(words) : info.getValue();
        },
      }),
      column.accessor("appointmentId", {
        header: () => _(am.appointment),
        cell: (info) => {
          const id = info.getValue();
          return id === null ? "" : _({ ...am.appointmentNumber, values: { id } });
        },
      }),
      column.accessor("details", { header: () => _(am.details), cell: (info) => detailsText(info.getValue()) }),
    ]);
  }, [_, i18n.locale, timeZone]);
  const table = useTable({ features, columns, data: pages?.entries ?? NO_ENTRIES });
  const error = first.error ?? olderError;
  return (
    <section className="admin-area" aria-labelledby="audit-title">
      <h1 id="audit-title">{_(am.auditTitle)}</h1>
      {!pages ? (
        <p role="status">{_(m.loading)}</p>
      ) : pages.entries.length === 0 ? (
        <p>{_(am.auditEmpty)}</p>
      ) : (
        // Scrolls sideways on a phone and holds nothing focusable: a keyboard reaches it as a named region (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        <section className="admin-table-scroll" aria-label={_(am.auditTable)} tabIndex={0}>
          <table className="admin-table">
            <caption className="visually-hidden">{_(am.auditTable)}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col">
                      <table.FlexRender header={header} />
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {error ? <FormAlert words={refusalWords(error)} /> : null}
      {pages && pages.entries.length > 0 ? (
        pages.more ? (
          <button type="button" onClick={() => void showOlder()}>
            {_(am.showOlder)}
          </button>
        ) : (
          <p role="status">{_(am.noOlder)}</p>
        )
      ) : null}
    </section>
  );
}
