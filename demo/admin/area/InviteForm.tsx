import { valibotResolver } from "@hookform/resolvers/valibot";
import { useLingui } from "@lingui/react";
import { AdminEmailSchema } from "booking-widget/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import { useAdmin } from "../admin-context.tsx";
import { AdminRefusal } from "../api/admin-client.ts";
import type { StoredRole } from "../api/area-schemas.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { am } from "../i18n/area-messages.ts";
import { m } from "../i18n/messages.ts";
import { Field } from "../sign-in/Field.tsx";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import type { StaffName } from "./people-rows.ts";
import { SelectField } from "./SelectField.tsx";

const idText = (schema: v.GenericSchema<string, string>) => v.pipe(schema, v.transform(Number));
// The contract's AdminInvitationSchema as the form holds it: the selects give the ids as text ("" for no staff member).
const InviteFormSchema = v.object({
  email: AdminEmailSchema,
  roleId: idText(v.pipe(v.string(), v.regex(/^\d+$/))),
  staffMemberId: v.pipe(
    v.string(),
    v.transform((id) => (id === "" ? null : Number(id))),
  ),
});

/**
 * Invites an e-mail address with a role and, if they are one, the staff member they are
 * (a role's "own" appointments are theirs). The API e-mails a single-use link that runs
 * out; an address that has an account here already is told to sign in, never re-invited.
 */
export function InviteForm({ roles, staff, onInvited }: { roles: readonly StoredRole[]; staff: readonly StaffName[]; onInvited(): void }) {
  const { _, i18n } = useLingui();
  const { api } = useAdmin();
  const [outcome, setOutcome] = useState<{ words: Words; kind: "error" | "note" } | null>(null);
  const form = useForm({
    resolver: valibotResolver(InviteFormSchema),
    defaultValues: { email: "", roleId: "", staffMemberId: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (invitation) => {
    setOutcome(null);
    try {
      const sent = await api.invite(invitation);
      const until = new Intl.DateTimeFormat(i18n.locale === "no" ? "nb" : i18n.locale, { dateStyle: "full", timeStyle: "short" }).format(
        new Date(sent.expiresAt),
      );
      setOutcome({ words: { descriptor: am.invitationSent, values: { email: sent.email, until } }, kind: "note" });
      form.reset();
      onInvited();
    } catch (error) {
      // To the owner, not the invitee: the address has an account here (it signs in with it).
      const words =
        error instanceof AdminRefusal && error.code === "admin-account-exists"
          ? { descriptor: am.hasAccount, values: { email: invitation.email } }
          : refusalWords(error);
      setOutcome({ words, kind: "error" });
    }
  });
  return (
    <section className="admin-area__form" aria-labelledby="invite-title">
      <h2 id="invite-title">{_(am.invitePerson)}</h2>
      <form onSubmit={submit} noValidate>
        <Field label={am.email} type="email" autoComplete="off" error={errors.email ? m.badEmail : undefined} {...form.register("email")} />
        <SelectField
          label={am.role}
          options={[{ value: "", label: _(am.pickRole) }, ...roles.map((role) => ({ value: String(role.id), label: role.name }))]}
          error={errors.roleId ? am.chooseRole : undefined}
          {...form.register("roleId")}
        />
        <SelectField
          label={am.staffOptional}
          options={[
            { value: "", label: _(am.noStaffMember) },
            ...staff.map((member) => ({ value: String(member.id), label: member.name })),
          ]}
          {...form.register("staffMemberId")}
        />
        <FormAlert words={outcome?.words ?? null} kind={outcome?.kind ?? "error"} />
        <button type="submit" className="admin-primary" disabled={isSubmitting}>
          {_(am.sendInvitation)}
        </button>
      </form>
    </section>
  );
}
