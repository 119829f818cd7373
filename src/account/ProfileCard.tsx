import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { focusStart } from "../ui/focus.ts";
import { refusalOf } from "../api/refusal-of.ts";
import type { CustomerAccount, Provider } from "../contract/schemas/index.ts";
import { errorCatalogue } from "../kernel/errors/error-catalogue.ts";
import { createCustomerCalls } from "../api/customer-calls.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { accountFields, accountName, valuesFromAccount } from "../customer/account-values.ts";
import { emptyInformation } from "../customer/information-form.ts";
import { InformationForm } from "../customer/InformationForm.tsx";
import { informationMessages as info } from "../customer/information-messages.ts";
import { rememberLogin } from "../customer/saved-details.ts";
import { defaultDialCode } from "../i18n/countries/country-list.ts";
import { formatDate } from "../contract/format-date-time.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";
import { accountMessages as m } from "./account-messages.ts";
import { useBusy } from "../ui/useBusy.ts";
import { sessionAccount, sessionOf, type MyPageSession } from "./session.ts";
import { emailLoginProfileRules } from "../contract/rules/my-page-login.ts";
import { useSessionStore } from "./session-context.ts";
import { DialogType } from "../contract/enumerations.ts";
import type { FeedbackServices } from "../feedback/feedback-context.ts";

interface ProfileCardProps {
  provider: Provider;
  account: CustomerAccount;
  session: MyPageSession;
  onSessionLost(): void;
}

/**
 * The customer's profile (spec §2 "My Page"): a card, and an edit form with the booking
 * form's fields and rules. The saved answer replaces the account.
 */
export function ProfileCard({ provider, account, session, onSessionLost }: ProfileCardProps) {
  const { _ } = useLingui();
  const { feedback, report } = useWidget<FeedbackServices>();
  const sessionStore = useSessionStore();
  const calls = useApiCalls(createCustomerCalls);
  const [editing, showEditing] = useState(false);
  // Opening the form starts focus at its first field; closing it returns focus to "Edit profile".
  const section = useRef<HTMLElement>(null);
  const toggled = useRef(false);
  const setEditing = (on: boolean) => {
    toggled.current = true;
    showEditing(on);
  };
  useEffect(() => {
    if (!toggled.current) return;
    if (editing) focusStart(section.current?.querySelector("form"));
    else section.current?.querySelector<HTMLElement>("[data-edit-profile]")?.focus();
  }, [editing]);
  const { busy, guarded } = useBusy();

  const save = (values: BookingFormValues) =>
    guarded(async () => {
      try {
        const answer = await calls.editAccount({
          ...accountFields(values),
          phoneNumber: session.login,
          adminId: provider.userId,
          password: "",
          customerAccountIdentificationCode: session.token,
        });
        const edited = sessionAccount(answer, session);
        sessionStore.getState().setAccount(edited);
        rememberLogin(provider.userId, edited, sessionOf(edited) ?? session, defaultDialCode(provider.defaultPhoneNumberCountryCode));
        setEditing(false);
        feedback.getState().showSnackbar(_(errorCatalogue.profileSaved), "success");
      } catch (error) {
        if (refusalOf(error) === "wrong-code-or-phone") {
          feedback
            .getState()
            .showDialog({ type: DialogType.Message, icon: "error", code: "session-lost", text: _(errorCatalogue.wrongTokenOrPhone) });
          return onSessionLost();
        }
        report(error, "profile not saved");
        feedback.getState().showDialog({ type: DialogType.Message, icon: "error", code: "profile-not-saved", text: _(m.profileNotSaved) });
      }
    });

  const rows: [string, string][] = [
    [_(info.name), accountName(account)],
    [
      _(info.phone),
      account.phoneNumber &&
        `+${account.phoneNumberCountryCode ?? defaultDialCode(provider.defaultPhoneNumberCountryCode)} ${account.phoneNumber}`,
    ],
    [_(info.email), account.emailAddress],
    [_(info.address), account.address],
    [_(info.postalCode), account.postalCode],
    [_(info.city), account.city],
    [_(info.birthdate), account.dateOfBirth ? formatDate(account.dateOfBirth.slice(0, 10)) : ""],
  ];

  return (
    <section ref={section} className="bw-my-page__section" aria-labelledby="bw-profile-title" part="profile">
      <h3 id="bw-profile-title" className="bw-my-page__heading">
        {_(m.profile)}
      </h3>
      {editing ? (
        <>
          <InformationForm
            provider={account.phoneNumber ? provider : emailLoginProfileRules(provider)}
            customFields={[]}
            initial={valuesFromAccount(account, emptyInformation(provider, []))}
            // The login stays as it is: the phone, or the e-mail of an account proven by e-mail alone (issue 57),
            // which is asked for no phone.
            phoneLocked
            emailLocked={!account.phoneNumber}
            labelledBy="bw-profile-title"
            submitLabel={_(m.saveProfile)}
            busy={busy}
            onValid={(values) => void save(values)}
          />
          <button type="button" className="bw-button bw-button--secondary" onClick={() => setEditing(false)}>
            {_(m.cancelEdit)}
          </button>
        </>
      ) : (
        <>
          <dl className="bw-profile" part="profile-card">
            {rows
              .filter(([, value]) => value.trim() !== "")
              .map(([label, value]) => (
                <div key={label} className="bw-profile__row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <button type="button" className="bw-button bw-button--secondary" data-edit-profile onClick={() => setEditing(true)}>
            {_(m.editProfile)}
          </button>
        </>
      )}
    </section>
  );
}
