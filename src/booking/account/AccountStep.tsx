import { useLingui } from "@lingui/react";
import { useMemo, useState } from "react";
import { AccountIntro } from "../../account/AccountIntro.tsx";
import { accountMessages as m } from "../../account/account-messages.ts";
import { valuesFromAccount } from "../../customer/account-values.ts";
import { PasswordForm } from "../../account/PasswordForm.tsx";
import { PhoneForm } from "../../account/PhoneForm.tsx";
import { ResetForm } from "../../account/ResetForm.tsx";
import { useSession } from "../../account/session-context.ts";
import { useAccountFlow } from "../../account/useAccountFlow.ts";
import type { CustomField, Provider } from "../../contract/schemas/index.ts";
import { InformationForm } from "../../customer/InformationForm.tsx";
import { informationMessages } from "../../customer/information-messages.ts";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { Loaded } from "../../kernel/Loaded.tsx";
import { loadOf } from "../../kernel/loads.ts";
import type { BookingFormValues } from "../../validation/booking-form.ts";
import { HoldNote } from "../hold/HoldNote.tsx";
import { useAutoFilledDetails } from "../information/useAutoFilledDetails.ts";
import { useCustomFields } from "../information/useCustomFields.ts";
import { usePrefillSuggestion } from "../prefill/usePrefillSuggestion.ts";
import { useBookingStore } from "../store/booking-store-context.ts";

/**
 * "Your information" with customer accounts (spec §2, §4 "Customer login phase"): the
 * account flow (account/useAccountFlow.ts) one phase at a time — the phone, a password,
 * a forgotten password, a new profile — and, once logged in, the customer's details,
 * which move the booking on.
 */
export default function AccountStep({ provider }: { provider: Provider }) {
  return (
    <LaterScreen>
      <HoldNote provider={provider} />
      <Loaded load={loadOf(useCustomFields(provider.userId))} notFound={informationMessages.loadFailed}>
        {(customFields) => <AccountPhases provider={provider} customFields={customFields} />}
      </Loaded>
    </LaterScreen>
  );
}

function AccountPhases({ provider, customFields }: { provider: Provider; customFields: CustomField[] }) {
  const { _ } = useLingui();
  const saveCustomer = useBookingStore((state) => state.saveCustomer);
  const account = useSession((state) => state.account);
  const initial = useAutoFilledDetails(provider, customFields);
  const [values, setValues] = useState<BookingFormValues>(() => (account ? valuesFromAccount(account, initial) : initial));
  // A new profile's form follows the page's prefill, but never past the phone given in the phone step.
  const prefilled = usePrefillSuggestion(values);
  const suggested = useMemo(
    () => ({ ...prefilled, phoneNumberCountryCode: values.phoneNumberCountryCode, phoneNumber: values.phoneNumber }),
    [prefilled, values.phoneNumberCountryCode, values.phoneNumber],
  );
  const flow = useAccountFlow(provider, { values, setValues, onProfileCreated: saveCustomer });

  return <div ref={flow.phaseBox}>{phaseView()}</div>;

  function phaseView() {
    switch (flow.phase) {
      case "phone":
        return (
          <PhoneForm
            values={values}
            phoneLength={flow.phoneLength}
            busy={flow.busy}
            onChange={setValues}
            onSubmit={() => void flow.phoneGiven()}
          />
        );
      case "password":
        return (
          <PasswordForm
            shownPhone={flow.shownPhone}
            phoneLength={flow.phoneLength}
            phone={values.phoneNumber}
            busy={flow.busy}
            onSubmit={(password) => void flow.passwordGiven(password)}
            onForgot={flow.passwordForgotten}
            onOtherPhone={() => flow.move({ type: "other-phone" })}
          />
        );
      case "reset":
        return (
          <ResetForm
            shownPhone={flow.shownPhone}
            busy={flow.busy}
            onSubmit={(code, password) => void flow.passwordReset(code, password)}
            onBack={() => flow.move({ type: "back-to-password" })}
          />
        );
      case "new":
        return (
          <AccountIntro text={_(m.newProfile)} onBack={() => flow.move({ type: "other-phone" })} backLabel={_(m.otherPhone)}>
            <InformationForm
              provider={provider}
              customFields={customFields}
              initial={values}
              suggested={suggested}
              withPassword
              phoneLocked
              submitLabel={_(m.createProfile)}
              busy={flow.busy}
              onValid={(details, password) => void flow.profileCreated(details, password)}
            />
          </AccountIntro>
        );
      case "details":
        return (
          <AccountIntro text={_({ ...m.loggedInAs, values: { name: values.firstName || flow.shownPhone } })}>
            <InformationForm
              provider={provider}
              customFields={customFields}
              initial={values}
              onValid={(details) => saveCustomer(details)}
            />
          </AccountIntro>
        );
    }
  }
}
