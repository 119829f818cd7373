import { valibotResolver } from "@hookform/resolvers/valibot";
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { ADMIN_PASSWORD, AdminEmailSchema } from "booking-widget/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import { useAdmin } from "../admin-context.tsx";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { m } from "../i18n/messages.ts";
import { Field } from "./Field.tsx";
import { FormAlert } from "./FormAlert.tsx";

const EmailSchema = v.object({ email: AdminEmailSchema });
const CodeSchema = v.object({ code: v.pipe(v.string(), v.trim(), v.regex(/^\d{5}$/)), newPassword: ADMIN_PASSWORD });

/** Forgot password: the e-mail address, then the code sent to it and a new password. */
export function PasswordReset() {
  const { _ } = useLingui();
  const { api, bookingLink } = useAdmin();
  const [email, setEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [refusal, setRefusal] = useState<Words | null>(null);
  const ask = useForm({ resolver: valibotResolver(EmailSchema), defaultValues: { email: "" } });
  const confirm = useForm({ resolver: valibotResolver(CodeSchema), defaultValues: { code: "", newPassword: "" } });
  const attempt = async (call: () => Promise<unknown>, then: () => void) => {
    setRefusal(null);
    try {
      await call();
      then();
    } catch (error) {
      setRefusal(refusalWords(error));
    }
  };
  return (
    <section className="admin-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{_(m.resetTitle)}</h1>
      {done ? (
        <FormAlert kind="note" words={{ descriptor: m.passwordSaved }} />
      ) : email === null ? (
        <form
          noValidate
          onSubmit={ask.handleSubmit((values) =>
            attempt(
              () => api.requestReset({ bookingLink, email: values.email }),
              () => setEmail(values.email),
            ),
          )}
        >
          <Field
            label={m.email}
            type="email"
            autoComplete="username"
            error={ask.formState.errors.email ? m.badEmail : undefined}
            {...ask.register("email")}
          />
          <FormAlert words={refusal} />
          <button type="submit" className="admin-primary" disabled={ask.formState.isSubmitting}>
            {_(m.sendCode)}
          </button>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={confirm.handleSubmit((values) =>
            attempt(
              () => api.resetWithCode({ bookingLink, email, ...values }),
              () => setDone(true),
            ),
          )}
        >
          <FormAlert kind="note" words={{ descriptor: m.codeSent, values: { email } }} />
          <Field
            label={m.code}
            autoComplete="one-time-code"
            inputMode="numeric"
            error={confirm.formState.errors.code ? m.fiveDigits : undefined}
            {...confirm.register("code")}
          />
          <Field
            label={m.newPassword}
            type="password"
            autoComplete="new-password"
            error={confirm.formState.errors.newPassword ? m.shortPassword : undefined}
            {...confirm.register("newPassword")}
          />
          <FormAlert words={refusal} />
          <button type="submit" className="admin-primary" disabled={confirm.formState.isSubmitting}>
            {_(m.savePassword)}
          </button>
        </form>
      )}
      <p>
        <Link to="/sign-in">{_(m.backToSignIn)}</Link>
      </p>
    </section>
  );
}
