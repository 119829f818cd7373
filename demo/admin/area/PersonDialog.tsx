import { useLingui } from "@lingui/react";
import { useId, useState } from "react";
import { useAdmin } from "../admin-context.tsx";
import type { StoredRole } from "../api/area-schemas.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { Dialog } from "../day/Dialog.tsx";
import { am } from "../i18n/area-messages.ts";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import type { PersonRow, StaffName } from "./people-rows.ts";
import { SelectField } from "./SelectField.tsx";

interface PersonDialogProps {
  person: PersonRow;
  roles: readonly StoredRole[];
  staff: readonly StaffName[];
  /** What the signed-in person may do to this one (people-rows.ts rowActions). */
  actions: { change: boolean; disable: boolean; endSessions: boolean };
  onClose(): void;
  onChanged(): void;
}

type Asking = "disable" | "endSessions" | null;

/**
 * One person: another role or staff member; disable them; end every session of theirs.
 * The last two are asked first (they sign the person out at once).
 */
export function PersonDialog({ person, roles, staff, actions, onClose, onChanged }: PersonDialogProps) {
  const { _ } = useLingui();
  const { api } = useAdmin();
  const formId = useId();
  const [roleId, setRoleId] = useState(String(person.roleId ?? ""));
  const [staffMemberId, setStaffMemberId] = useState(String(person.staffMemberId ?? ""));
  const [asking, setAsking] = useState<Asking>(null);
  const [outcome, setOutcome] = useState<{ words: Words; kind: "error" | "note" } | null>(null);
  const name = person.name || person.email;
  const act = async (call: () => Promise<Words>) => {
    setOutcome(null);
    setAsking(null);
    try {
      const words = await call();
      setOutcome({ words, kind: "note" });
      onChanged();
    } catch (error) {
      setOutcome({ words: refusalWords(error), kind: "error" });
    }
  };
  const save = () =>
    act(async () => {
      await api.changePerson(person.id, {
        ...(roleId !== "" ? { roleId: Number(roleId) } : {}),
        staffMemberId: staffMemberId === "" ? null : Number(staffMemberId),
      });
      return { descriptor: am.personSaved, values: { name } };
    });
  return (
    <Dialog title={_({ ...am.changePerson, values: { name } })} onClose={onClose}>
      {actions.change ? (
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <SelectField
            label={am.role}
            value={roleId}
            onChange={(event) => setRoleId(event.target.value)}
            options={[
              ...(person.roleId === null ? [{ value: "", label: _(am.noRole) }] : []),
              ...roles.map((role) => ({ value: String(role.id), label: role.name })),
            ]}
          />
          <SelectField
            label={am.staffOptional}
            value={staffMemberId}
            onChange={(event) => setStaffMemberId(event.target.value)}
            options={[
              { value: "", label: _(am.noStaffMember) },
              ...staff.map((member) => ({ value: String(member.id), label: member.name })),
            ]}
          />
          <button type="submit" className="admin-primary">
            {_(am.save)}
          </button>
        </form>
      ) : null}
      <div className="admin-actions__row">
        {actions.endSessions ? (
          <button type="button" onClick={() => setAsking("endSessions")}>
            {_({ ...am.endSessions, values: { name } })}
          </button>
        ) : null}
        {actions.disable ? (
          <button type="button" className="admin-danger" onClick={() => setAsking("disable")}>
            {_({ ...am.disablePerson, values: { name } })}
          </button>
        ) : null}
      </div>
      {asking ? (
        <fieldset className="admin-confirm">
          <legend>{_({ ...(asking === "disable" ? am.disableConfirm : am.endSessionsConfirm), values: { name } })}</legend>
          <div className="admin-actions__row">
            <button
              type="button"
              className="admin-danger"
              onClick={() =>
                void act(async () => {
                  if (asking === "disable") {
                    await api.disablePerson(person.id);
                    return { descriptor: am.personDisabled, values: { name } };
                  }
                  const { ended } = await api.endSessions(person.id);
                  return { descriptor: am.sessionsEnded, values: { name, count: ended } };
                })
              }
            >
              {_(asking === "disable" ? am.disableYes : am.endSessionsYes)}
            </button>
            <button type="button" onClick={() => setAsking(null)}>
              {_(am.goBack)}
            </button>
          </div>
        </fieldset>
      ) : null}
      <FormAlert words={outcome?.words ?? null} kind={outcome?.kind ?? "error"} />
    </Dialog>
  );
}
