import { valibotResolver } from "@hookform/resolvers/valibot";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { AREAS, LEVELS, type Role, RoleSchema, SCOPES } from "booking-widget/contract";
import { useId, useState } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { useAdmin } from "../admin-context.tsx";
import type { StoredRole } from "../api/area-schemas.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { Dialog } from "../day/Dialog.tsx";
import { am } from "../i18n/area-messages.ts";
import { Field } from "../sign-in/Field.tsx";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { AREA_WORDS, LEVEL_WORDS, SCOPE_WORDS } from "./role-words.ts";

/** A new role starts with nothing: each area is given on purpose. */
const NEW_ROLE: Role = {
  name: "",
  appointments: "none",
  settings: "none",
  statistics: "none",
  administration: "none",
  scope: "own",
  hideContacts: false,
};

/** One radio group (a fieldset named by its legend), registered with react-hook-form. */
function Choice({ legend, options, field }: { legend: string; options: { value: string; label: string }[]; field: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <fieldset className="admin-choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} htmlFor={`${id}-${option.value}`}>
          <input type="radio" id={`${id}-${option.value}`} value={option.value} {...field} /> {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A role made or changed: its name, the four areas each None, Read or ReadWrite, whose
 * appointments it reaches, and whether it hides customers' contacts. Checked with the
 * contract's RoleSchema (the API checks it again); its refusals (a name taken) in words.
 */
export function RoleForm({ role, onClose, onSaved }: { role: StoredRole | null; onClose(): void; onSaved(role: StoredRole): void }) {
  const { _ } = useLingui();
  const { api } = useAdmin();
  const [refusal, setRefusal] = useState<Words | null>(null);
  const { id: _id, ...values } = role ?? { id: 0, ...NEW_ROLE };
  const form = useForm({ resolver: valibotResolver(RoleSchema), defaultValues: values });
  const submit = form.handleSubmit(async (changed) => {
    setRefusal(null);
    try {
      onSaved(role ? await api.updateRole(role.id, changed) : await api.createRole(changed));
    } catch (error) {
      setRefusal(refusalWords(error));
    }
  });
  const options = <T extends string>(values: readonly T[], words: Record<T, MessageDescriptor>) =>
    values.map((value) => ({ value, label: _(words[value]) }));
  return (
    <Dialog title={role ? _({ ...am.editRole, values: { name: role.name } }) : _(am.newRole)} onClose={onClose}>
      <form onSubmit={submit} noValidate className="admin-role-form">
        <Field
          label={am.roleName}
          autoComplete="off"
          error={form.formState.errors.name ? am.roleNameRule : undefined}
          {...form.register("name")}
        />
        {AREAS.map((area) => (
          <Choice key={area} legend={_(AREA_WORDS[area])} options={options(LEVELS, LEVEL_WORDS)} field={form.register(area)} />
        ))}
        <Choice legend={_(am.scope)} options={options(SCOPES, SCOPE_WORDS)} field={form.register("scope")} />
        <label className="admin-check">
          <input type="checkbox" {...form.register("hideContacts")} /> {_(am.hideContacts)}
        </label>
        <FormAlert words={refusal} />
        <button type="submit" className="admin-primary" disabled={form.formState.isSubmitting}>
          {_(am.save)}
        </button>
      </form>
    </Dialog>
  );
}
