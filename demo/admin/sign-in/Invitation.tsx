import { valibotResolver } from "@hookform/resolvers/valibot";
import { useLingui } from "@lingui/react";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { ADMIN_PASSWORD } from "booking-widget/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import { useAdmin } from "../admin-context.tsx";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { m } from "../i18n/messages.ts";
import { Field } from "./Field.tsx";
import { FormAlert } from "./FormAlert.tsx";

const AcceptSchema = v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)), password: ADMIN_PASSWORD });

/**
 * An invitation's link (…/admin/invitation#<token>): a name and a password make the
 * account. Someone who has an account signs in instead: the invitation never sets an
 * existing account's password (the API refuses it too).
 */
export function Invitation() {
  const { _ } = useLingui();
  const { api, setSession } = useAdmin();
  const navigate = useNavigate();
  const token = useLocation({ select: (location) => location.hash.replace(/^#/, "") });
  const [refusal, setRefusal] = useState<Words | null>(null);
  const form = useForm({ resolver: valibotResolver(AcceptSchema), defaultValues: { name: "", password: "" } });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      // The API answers the new person's session: they are in, and the day shows.
      setSession(await api.acceptInvitation({ token, ...values }));
      await navigate({ to: "/" });
    } catch (error) {
      setRefusal(refusalWords(error));
    }
  });
  return (
    <section className="admin-card" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{_(m.invitationTitle)}</h1>
      {!token ? (
        <FormAlert words={{ descriptor: m.invitationMissing }} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Field
            label={m.name}
            autoComplete="name"
            error={form.formState.errors.name ? m.required : undefined}
            {...form.register("name")}
          />
          <Field
            label={m.password}
            type="password"
            autoComplete="new-password"
            error={form.formState.errors.password ? m.shortPassword : undefined}
            {...form.register("password")}
          />
          <FormAlert words={refusal} />
          <button type="submit" className="admin-primary" disabled={form.formState.isSubmitting}>
            {_(m.invitationAccept)}
          </button>
        </form>
      )}
      <p>
        <Link to="/sign-in">{_(m.invitationExisting)}</Link>
      </p>
    </section>
  );
}
