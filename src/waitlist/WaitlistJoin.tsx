import { useLingui } from "@lingui/react";
import { type FormEvent, useId, useState } from "react";
import useSWR from "swr";
import { createBookingCalls } from "../api/booking-calls.ts";
import { refusedAsLimit } from "../api/refusal-of.ts";
import { createWaitlistCalls } from "../api/waitlist-calls.ts";
import { PhoneFields } from "../account/PhoneFields.tsx";
import { useSession, useSessionStore } from "../account/session-context.ts";
import { sessionOf } from "../account/session.ts";
import { rememberLogin } from "../customer/saved-details.ts";
import { longDate } from "../calendar/date-labels.ts";
import { VerificationType } from "../contract/enumerations.ts";
import type { Provider, ServiceBookingSelection } from "../contract/schemas/index.ts";
import { defaultDialCode } from "../i18n/countries/country-list.ts";
import type { Locale } from "../i18n/locale.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { Field } from "../ui/Field.tsx";
import { pastLastStart } from "../contract/rules/waitlist-day.ts";
import { useServices } from "../kernel/provider/useServices.ts";
import { now } from "../time/now.ts";
import { validationMessages } from "../validation/validation-messages.ts";
import { joinMessages as m } from "./messages.ts";
import { bookingMinutes, type JoinProblem, joinableDays, joinProblem, joinRequest, windowProblem } from "./waitlist-join.ts";
import { windowTimes } from "./window-times.ts";

interface WaitlistJoinProps {
  provider: Provider;
  /** The day the time step shows (the page's zone). */
  date: string;
  /** The day has no free time (for these services and this staff member). */
  empty: boolean;
  serviceBookings: readonly ServiceBookingSelection[];
  staffMemberId: number | null;
  /** The booking window's last day. */
  lastDate: string;
}

type Problem = JoinProblem | "no-days" | "window" | "contact" | "code" | "code-not-sent";

const PROBLEMS: Record<Problem, { id: string; message: string }> = {
  "used-up": m.usedUp,
  full: m.full,
  off: m.off,
  proof: m.proof,
  "wrong-code": m.wrongCode,
  limited: m.limited,
  failed: m.failed,
  "no-days": m.noDays,
  window: m.windowOrder,
  contact: validationMessages.phoneValid,
  code: validationMessages.codeRequired,
  "code-not-sent": m.codeNotSent,
};

/**
 * Joining the waitlist (issue 46) from the time step, on a page that keeps one: for the
 * chosen services and staff member (or any), on the day shown and up to two more, within
 * an optional part of the day. A logged-in or verified customer joins at once; anyone
 * else proves their phone (or e-mail, on a page that verifies by e-mail) with a code first,
 * as for a booking, and is then logged in.
 */
export function WaitlistJoin({ provider, date, empty, serviceBookings, staffMemberId, lastDate }: WaitlistJoinProps) {
  const { _, i18n } = useLingui();
  const { report } = useWidget();
  const waitlist = useApiCalls(createWaitlistCalls);
  const booking = useApiCalls(createBookingCalls);
  const session = useSessionStore();
  const account = useSession((state) => state.account);
  const { data: categories } = useServices(provider.userId);
  const { data: settings } = useSWR(["waitlist-settings", provider.userId], () => waitlist.settings(provider.userId));
  const serviceIds = serviceBookings.map((booking) => booking.serviceId);
  // The weekdays the page opens for these services: a closed day has no waitlist (its hours are as empty as a full day's).
  const { data: working } = useSWR(settings?.enabled ? ["waitlist-working-days", provider.userId, serviceIds.join()] : null, () =>
    booking.workingDays(provider.userId, serviceIds),
  );
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<string[]>([date]);
  const [after, setAfter] = useState("");
  const [before, setBefore] = useState("");
  const [dialCode, setDialCode] = useState(() => defaultDialCode(provider.defaultPhoneNumberCountryCode));
  const [phone, setPhone] = useState("");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [stage, setStage] = useState<"form" | "code" | "joined">("form");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const titleId = useId();
  if (!settings?.enabled || !working || !categories) return null;
  const minutes = bookingMinutes(categories, serviceBookings);
  const over = (day: string) => pastLastStart(day, now(), provider.timeZone, working, minutes);
  const joinable = joinableDays(date, lastDate, new Set(working.map((day) => day.dayOfWeek)), over);
  if (joinable.length === 0) return null;

  const locale = i18n.locale as Locale;
  const byEmail = provider.verificationType === VerificationType.Email;
  const token = account?.verified ? account.customerAccountIdentificationCode : null;
  // A page that verifies nobody has no code to prove a visitor with: only a logged-in customer joins.
  if (!token && provider.verificationType === VerificationType.None) return null;
  const sentTo = byEmail ? email : `+${dialCode} ${phone}`;
  // The part of the day in the page's clock and format (a native time field would follow the browser's locale).
  const timeOptions = [
    <option key="" value="">
      {_(m.anyTime)}
    </option>,
    ...windowTimes(working, provider.appointmentDistributionInMinutes, provider.timeFormat).map((time) => (
      <option key={time.value} value={time.value}>
        {time.label}
      </option>
    )),
  ];

  const join = async (customerToken: string) => {
    await waitlist.join(
      provider.userId,
      joinRequest({ customerToken, serviceBookings, staffMemberId, days, after, before, language: i18n.locale }),
    );
    setStage("joined");
  };
  const submit = async () => {
    if (days.length === 0) return setProblem("no-days");
    if (windowProblem(after, before)) return setProblem("window");
    if (token) return join(token);
    if (stage === "form") {
      if (byEmail ? !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) : !/^\d{4,15}$/.test(phone)) return setProblem("contact");
      try {
        await booking.sendVerificationCode(
          provider.userId,
          byEmail ? { emailAddress: email } : { phoneNumber: phone, phoneNumberCountryCode: dialCode },
        );
      } catch (error) {
        return setProblem(refusedAsLimit(error) ? "limited" : "code-not-sent");
      }
      return setStage("code");
    }
    if (!code.trim()) return setProblem("code");
    const proven = await booking.verify(provider.userId, code.trim(), byEmail ? { emailAddress: email } : { phoneNumber: phone });
    session.getState().setAccount(proven);
    const login = sessionOf(proven);
    if (!login) return setProblem("proof");
    // Proven now: My Page in this browser opens by itself and shows the place (issue 57).
    rememberLogin(provider.userId, proven, login, defaultDialCode(provider.defaultPhoneNumberCountryCode));
    await join(login.token);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    submit()
      .catch((error: unknown) => {
        const why = joinProblem(error);
        if (why === "failed") report(error, "could not join the waitlist");
        setProblem(why);
      })
      .finally(() => setBusy(false));
  };

  if (!open)
    return (
      <div className="bw-waitlist" part="waitlist">
        <p>{_(empty ? m.fullDay : m.noneSuits)}</p>
        <button type="button" className="bw-button bw-button--secondary" onClick={() => setOpen(true)}>
          {_(m.join)}
        </button>
      </div>
    );
  if (stage === "joined")
    return (
      <div className="bw-waitlist" part="waitlist">
        <p role="status">{_(m.joined)}</p>
      </div>
    );
  return (
    <form className="bw-waitlist bw-form" part="waitlist" aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <h3 id={titleId}>{_(m.title)}</h3>
      <p>{_({ ...m.intro, values: { held: String(settings.mode === "first-in-line"), minutes: settings.offerMinutes } })}</p>
      <fieldset className="bw-fieldset bw-waitlist__days">
        <legend>{_(m.days)}</legend>
        {joinable.map((day) => (
          <label key={day} className="bw-choice">
            <input
              type="checkbox"
              checked={days.includes(day)}
              onChange={(event) => setDays((chosen) => (event.target.checked ? [...chosen, day] : chosen.filter((one) => one !== day)))}
            />
            {longDate(day, locale)}
          </label>
        ))}
      </fieldset>
      <div className="bw-form__row">
        <Field label={_(m.after)} optionalText={_(m.optional)}>
          {({ control }) => (
            <select {...control} value={after} onChange={(event) => setAfter(event.target.value)}>
              {timeOptions}
            </select>
          )}
        </Field>
        <Field label={_(m.before)} optionalText={_(m.optional)}>
          {({ control }) => (
            <select {...control} value={before} onChange={(event) => setBefore(event.target.value)}>
              {timeOptions}
            </select>
          )}
        </Field>
      </div>
      {!token &&
        stage === "form" &&
        (byEmail ? (
          <Field label={_(m.email)}>
            {({ control }) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value.trim())}
              />
            )}
          </Field>
        ) : (
          <PhoneFields dialCode={dialCode} phone={phone} error={undefined} onDialCode={setDialCode} onPhone={setPhone} />
        ))}
      {!token && stage === "code" && (
        <>
          <p>{_({ ...m.codeSent, values: { to: sentTo } })}</p>
          <Field label={_(m.code)}>
            {({ control }) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={5}
                value={code}
                onChange={(event) => setCode(event.target.value.trim())}
              />
            )}
          </Field>
        </>
      )}
      {problem && (
        <p className="bw-field__error" role="alert">
          {_(problem === "contact" && byEmail ? validationMessages.emailValid : PROBLEMS[problem])}
        </p>
      )}
      <div className="bw-form__actions">
        <button type="submit" className="bw-button" disabled={busy} aria-busy={busy || undefined}>
          {_(token || stage === "code" ? m.joinNow : m.sendCode)}
        </button>
      </div>
    </form>
  );
}
