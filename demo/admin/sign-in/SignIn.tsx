import { valibotResolver } from "@hookform/resolvers/valibot";
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { AdminSignInSchema } from "booking-widget/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import { useAdmin } from "../admin-context.tsx";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { passkeyWords } from "../api/passkey-words.ts";
import { am } from "../i18n/area-messages.ts";
import { m } from "../i18n/messages.ts";
import type { SignInReason } from "../router.tsx";
import { Field } from "./Field.tsx";
import { FormAlert } from "./FormAlert.tsx";

// The contract's sign-in without the booking link, which the address gives.
const SignInFormSchema = v.omit(AdminSignInSchema, ["bookingLink"]);
type SignInForm = v.InferInput<typeof SignInFormSchema>;

/** E-mail and password; a refusal in words (wrong password, too many attempts and for how long). */
export function SignIn({ reason }: { reason?: SignInReason | undefined }) {
  const { _ } = useLingui();
  const { api, bookingLink, setSession, webauthn } = useAdmin();
  const [refusal, setRefusal] = useState<Words | null>(null);
  const form = useForm<SignInForm, unknown, v.InferOutput<typeof SignInFormSchema>>({
    resolver: valibotResolver(SignInFormSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      setSession(await api.signIn({ bookingLink, ...values }));
    } catch (error) {
      setRefusal(refusalWords(error));
    }
  });
  // A passkey instead of the password: the page's challenge, the browser's authenticator, the API's check.
  const withPasskey = async () => {
    setRefusal(null);
    try {
      const response = await webauthn.authenticate({ optionsJSON: await api.passkeySignInOptions(bookingLink) });
      setSession(await api.passkeySignIn({ bookingLink, response }));
    } catch (error) {
      setRefusal(passkeyWords(error));
    }
  };
  const note = reason === "signed-out" ? m.signedOut : reason === "session-ended" ? m.sessionEnded : null;
  return (
    <section className="admin-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{_(m.signInTitle)}</h1>
      {note ? <FormAlert kind="note" words={{ descriptor: note }} /> : null}
      <form onSubmit={submit} noValidate>
        <Field
          label={m.email}
          type="email"
          autoComplete="username"
          error={errors.email ? m.badEmail : undefined}
          {...form.register("email")}
        />
        <Field
          label={m.password}
          type="password"
          autoComplete="current-password"
          error={errors.password ? m.required : undefined}
          {...form.register("password")}
        />
        <FormAlert words={refusal} />
        <button type="submit" className="admin-primary" disabled={isSubmitting}>
          {_(m.signIn)}
        </button>
      </form>
      {webauthn.supported() ? (
        <p>
          <button type="button" onClick={() => void withPasskey()}>
            {_(am.signInWithPasskey)}
          </button>
        </p>
      ) : null}
      <p>
        <Link to="/password-reset">{_(m.forgotPassword)}</Link>
      </p>
    </section>
  );
}
