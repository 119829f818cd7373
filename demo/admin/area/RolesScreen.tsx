import { useLingui } from "@lingui/react";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { AREAS, allows } from "booking-widget/contract";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAdmin } from "../admin-context.tsx";
import type { StoredRole } from "../api/area-schemas.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { am } from "../i18n/area-messages.ts";
import { m } from "../i18n/messages.ts";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { RoleForm } from "./RoleForm.tsx";
import { AREA_WORDS, LEVEL_WORDS, SCOPE_WORDS } from "./role-words.ts";
import { useAreaData } from "./use-area-data.ts";

const features = tableFeatures({});
const column = createColumnHelper<typeof features, StoredRole>();

/**
 * The page's roles in a <table>: each area's level, whose appointments, contacts shown or
 * hidden. Administration ReadWrite makes and edits them, and deletes one nobody has
 * (the API refuses one in use: role-in-use, said in words).
 */
export function RolesScreen() {
  const { _ } = useLingui();
  const { api, session } = useAdmin();
  const canWrite = allows(session!.role, "administration", "readWrite");
  const read = useCallback(() => api.roles(), [api]);
  const { data: roles, error, reload } = useAreaData(read);
  // The form open: a role to edit, "new", or none.
  const [editing, setEditing] = useState<StoredRole | "new" | null>(null);
  const [deleting, setDeleting] = useState<StoredRole | null>(null);
  const [outcome, setOutcome] = useState<{ words: Words; kind: "error" | "note" } | null>(null);
  const confirmRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (deleting) confirmRef.current?.focus();
  }, [deleting]);
  const remove = async (role: StoredRole) => {
    setDeleting(null);
    setOutcome(null);
    try {
      await api.deleteRole(role.id);
      setOutcome({ words: { descriptor: am.roleDeleted, values: { name: role.name } }, kind: "note" });
      await reload();
    } catch (failure) {
      setOutcome({ words: refusalWords(failure), kind: "error" });
    }
  };
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor("name", { header: () => _(am.roleName) }),
        ...AREAS.map((area) =>
          column.accessor(area, { header: () => _(AREA_WORDS[area]), cell: (info) => _(LEVEL_WORDS[info.getValue()]) }),
        ),
        column.accessor("scope", { header: () => _(am.scope), cell: (info) => _(SCOPE_WORDS[info.getValue()]) }),
        column.accessor("hideContacts", {
          header: () => _(am.contacts),
          cell: (info) => _(info.getValue() ? am.contactsHidden : am.contactsShown),
        }),
        ...(canWrite
          ? [
              column.display({
                id: "actions",
                header: () => _(am.actions),
                cell: ({ row }) => (
                  <div className="admin-actions__row">
                    <button type="button" onClick={() => setEditing(row.original)}>
                      {_({ ...am.editRole, values: { name: row.original.name } })}
                    </button>
                    <button type="button" className="admin-danger" onClick={() => setDeleting(row.original)}>
                      {_({ ...am.deleteRole, values: { name: row.original.name } })}
                    </button>
                  </div>
                ),
              }),
            ]
          : []),
      ]),
    [_, canWrite],
  );
  const table = useTable({ features, columns, data: roles ?? NO_ROLES });
  return (
    <section className="admin-area" aria-labelledby="roles-title">
      <h1 id="roles-title">{_(am.rolesTitle)}</h1>
      {canWrite ? (
        <p>
          <button type="button" className="admin-primary" onClick={() => setEditing("new")}>
            {_(am.newRole)}
          </button>
        </p>
      ) : null}
      {error ? <FormAlert words={refusalWords(error)} /> : null}
      {deleting ? (
        // Above the table, away from the row's button: the question takes the focus, so a keyboard is at its answers.
        <fieldset className="admin-confirm" tabIndex={-1} ref={confirmRef}>
          <legend>{_({ ...am.deleteConfirm, values: { name: deleting.name } })}</legend>
          <div className="admin-actions__row">
            <button type="button" className="admin-danger" onClick={() => void remove(deleting)}>
              {_(am.deleteYes)}
            </button>
            <button type="button" onClick={() => setDeleting(null)}>
              {_(am.goBack)}
            </button>
          </div>
        </fieldset>
      ) : null}
      <FormAlert words={outcome?.words ?? null} kind={outcome?.kind ?? "error"} />
      {!roles ? (
        <p role="status">{_(m.loading)}</p>
      ) : roles.length === 0 ? (
        <p>{_(am.noRoles)}</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">{_(am.rolesTable)}</caption>
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
                  {row.getAllCells().map((cell) =>
                    cell.column.id === "name" ? (
                      <th key={cell.id} scope="row">
                        <table.FlexRender cell={cell} />
                      </th>
                    ) : (
                      <td key={cell.id}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <RoleForm
          role={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setOutcome({ words: { descriptor: am.roleSaved, values: { name: saved.name } }, kind: "note" });
            void reload();
          }}
        />
      ) : null}
    </section>
  );
}

const NO_ROLES: StoredRole[] = [];
