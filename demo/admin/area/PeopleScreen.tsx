import { useLingui } from "@lingui/react";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { allows } from "booking-widget/contract";
import { useCallback, useMemo, useState } from "react";
import { useAdmin } from "../admin-context.tsx";
import { refusalWords } from "../api/refusal-words.ts";
import { am } from "../i18n/area-messages.ts";
import { m } from "../i18n/messages.ts";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { InviteForm } from "./InviteForm.tsx";
import { type PersonRow, personRows, rowActions } from "./people-rows.ts";
import { PersonDialog } from "./PersonDialog.tsx";
import { useAreaData } from "./use-area-data.ts";

const features = tableFeatures({});
const column = createColumnHelper<typeof features, PersonRow>();

/**
 * The page's people in a real <table> (TanStack Table): name, e-mail, role, staff member,
 * owner, disabled. Administration ReadWrite also invites, and changes a person in a dialog.
 */
export function PeopleScreen() {
  const { _ } = useLingui();
  const { api, session } = useAdmin();
  const providerId = session!.provider.id;
  const canWrite = allows(session!.role, "administration", "readWrite");
  const me = { accountId: session!.account.id, owner: session!.account.owner, canWrite };
  const read = useCallback(async () => {
    // Staff names come from the widget's public list; without them the table still shows ids.
    const [people, roles, staff] = await Promise.all([api.people(), api.roles(), api.staff(providerId).catch(() => [])]);
    return { people, roles, staff };
  }, [api, providerId]);
  const { data, error, reload } = useAreaData(read);
  const [open, setOpen] = useState<number | null>(null);
  const rows = useMemo(() => (data ? personRows(data.people, data.roles, data.staff) : []), [data]);
  const yesNo = (value: boolean) => _(value ? am.yes : am.no);
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor("name", {
          header: () => _(am.name),
          cell: (info) => (info.row.original.pending ? <em>{_(am.pending)}</em> : info.getValue()),
        }),
        column.accessor("email", { header: () => _(am.email) }),
        column.accessor("roleName", {
          header: () => _(am.role),
          cell: (info) => (info.row.original.owner ? _(am.everyArea) : (info.getValue() ?? _(am.noRole))),
        }),
        column.accessor("staffName", { header: () => _(am.staffMember), cell: (info) => info.getValue() ?? _(am.noStaffMember) }),
        column.accessor("owner", { header: () => _(am.owner), cell: (info) => yesNo(info.getValue()) }),
        column.accessor("disabled", { header: () => _(am.disabled), cell: (info) => yesNo(info.getValue()) }),
        ...(canWrite
          ? [
              column.display({
                id: "actions",
                header: () => _(am.actions),
                cell: ({ row }) => {
                  const actions = rowActions(row.original, me);
                  if (!actions.change && !actions.disable && !actions.endSessions) return null;
                  return (
                    <button type="button" onClick={() => setOpen(row.original.id)}>
                      {_({ ...am.changePerson, values: { name: row.original.name || row.original.email } })}
                    </button>
                  );
                },
              }),
            ]
          : []),
      ]),
    // `_` changes with the language; `me` is the session's, fixed while signed in.
    [_, canWrite],
  );
  const table = useTable({ features, columns, data: rows });
  const person = rows.find((row) => row.id === open);
  return (
    <section className="admin-area" aria-labelledby="people-title">
      <h1 id="people-title">{_(am.peopleTitle)}</h1>
      {error ? <FormAlert words={refusalWords(error)} /> : null}
      {!data ? (
        <p role="status">{_(m.loading)}</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">{_(am.peopleTable)}</caption>
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
        </div>
      )}
      {data && canWrite ? <InviteForm roles={data.roles} staff={data.staff} onInvited={() => void reload()} /> : null}
      {person && data ? (
        <PersonDialog
          person={person}
          roles={data.roles}
          staff={data.staff}
          actions={rowActions(person, me)}
          onClose={() => setOpen(null)}
          onChanged={() => void reload()}
        />
      ) : null}
    </section>
  );
}
