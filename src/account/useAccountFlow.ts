import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { createCustomerCalls } from "../api/customer-calls.ts";
import { DialogType } from "../contract/enumerations.ts";
import type { CustomerAccount, Provider } from "../contract/schemas/index.ts";
import { phoneNumberLengthFor } from "../i18n/countries/country-list.ts";
import { errorCatalogue } from "../kernel/errors/error-catalogue.ts";
import { refusalFeedback, type RefusalFeedback } from "../kernel/errors/refusal-feedback.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { focusStart } from "../ui/focus.ts";
import { useBusy } from "../ui/useBusy.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";
import { type AccountEvent, firstAccountPhase, nextAccountPhase } from "./account-phases.ts";
import { accountMessages as m } from "./account-messages.ts";
import { accountFields, valuesFromAccount } from "../customer/account-values.ts";
import { useSessionStore } from "./session-context.ts";
import type { FeedbackServices } from "../feedback/feedback-context.ts";

interface AccountFlowOptions {
  /** The details as typed so far (the phone step's number among them), kept by the step that shows the flow. */
  values: BookingFormValues;
  setValues(update: (current: BookingFormValues) => BookingFormValues): void;
  /** A new profile was created: its details, and the password the API sets once the phone is verified. */
  onProfileCreated(details: BookingFormValues, password: string): void;
}

/**
 * The customer login phase (spec §4): the phone step, then password login (an existing
 * customer), a new profile, or the forgotten-password flow; the logged-in customer's
 * details last. The phase machine is account-phases.ts; this hook makes its calls, keeps
 * the session, and tells the visitor what went wrong by the refusal the API names.
 * `phaseBox` is where focus starts when the phase changes.
 */
export function useAccountFlow(provider: Provider, { values, setValues, onProfileCreated }: AccountFlowOptions) {
  const { _ } = useLingui();
  const { feedback, report } = useWidget<FeedbackServices>();
  const customer = useApiCalls(createCustomerCalls);
  const session = useSessionStore();
  // Where the flow starts: the details, when someone is logged in already.
  const [phase, showPhase] = useState(() => firstAccountPhase(session.getState().account));
  // Each phase replaces the last in place: focus goes to where the new one starts (its
  // field, or the sentence that says what happened), not to the page's top.
  const phaseBox = useRef<HTMLDivElement>(null);
  const changed = useRef(false);
  const move = (event: AccountEvent) => {
    changed.current = true;
    showPhase((shown) => nextAccountPhase(shown, event));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the phase changes
  useEffect(() => {
    if (changed.current) focusStart(phaseBox.current);
  }, [phase]);
  const { busy, guarded } = useBusy();
  const phoneLength = phoneNumberLengthFor(values.phoneNumberCountryCode) ?? 8;
  const login = { login: values.phoneNumber.trim(), adminId: provider.userId };
  const shownPhone = `+${values.phoneNumberCountryCode} ${values.phoneNumber}`;
  const tell = ({ code, text }: RefusalFeedback) =>
    feedback.getState().showDialog({ type: DialogType.Message, icon: "error", text: _(text), code });

  /** Runs one call at a time; what fails is told by its refusal, and reported unless it is one the visitor caused. */
  const run = (work: () => Promise<void>, known: Parameters<typeof refusalFeedback>[1] = {}) =>
    guarded(async () => {
      try {
        await work();
      } catch (error) {
        const told = refusalFeedback(error, known);
        if (!(told.code in known)) report(error, "account call failed");
        tell(told);
      }
    });

  const loggedIn = (found: CustomerAccount) => {
    session.getState().setAccount(found);
    setValues((current) => valuesFromAccount(found, current));
    move({ type: "logged-in" });
  };

  return {
    phase,
    phaseBox,
    busy,
    phoneLength,
    shownPhone,
    move,
    phoneGiven: () =>
      run(async () => {
        const answer = await customer.lookupPhone(login);
        move({ type: "phone-looked-up", known: answer === "Existing" });
      }),
    passwordGiven: (password: string) =>
      run(async () => loggedIn(await customer.loginWithPassword({ ...login, password })), {
        "wrong-password": errorCatalogue.wrongPassword,
      }),
    passwordForgotten: () =>
      feedback.getState().showDialog({
        type: DialogType.YesNo,
        icon: "question",
        text: _({ ...m.sendResetCode, values: { phone: shownPhone } }),
        action: () =>
          run(async () => {
            await customer.requestPasswordReset(login);
            move({ type: "reset-code-sent" });
          }),
      }),
    passwordReset: (code: string, newPassword: string) =>
      run(
        async () => {
          await customer.resetPasswordWithCode({ adminId: provider.userId, code, login: login.login, newPassword });
          feedback.getState().showDialog({ type: DialogType.Message, icon: "success", text: _(errorCatalogue.passwordChanged) });
          move({ type: "password-changed" });
        },
        { "wrong-reset-code": errorCatalogue.wrongResetCode },
      ),
    profileCreated: (details: BookingFormValues, password: string) =>
      guarded(async () => {
        let created: CustomerAccount;
        try {
          created = await customer.createAccount({
            ...accountFields(details),
            phoneNumber: details.phoneNumber.trim(),
            adminId: provider.userId,
            password,
          });
        } catch (error) {
          report(error, "account not created");
          return tell({ code: "account-not-created", text: errorCatalogue.accountNotCreated });
        }
        session.getState().setAccount(created);
        onProfileCreated(details, password);
      }),
  };
}
