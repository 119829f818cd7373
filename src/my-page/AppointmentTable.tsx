import { useLingui } from "@lingui/react";
import type { CustomerAppointment, Provider } from "../contract/schemas/index.ts";
import { TimeZoneNote } from "../calendar/TimeZoneNote.tsx";
import { SanitizedHtml } from "../ui/SanitizedHtml.tsx";
import { appointmentTime } from "./appointment-time.ts";
import { myPageMessages as m } from "./messages.ts";
import { formatPrice } from "../contract/format-price.ts";
import type { Locale } from "../contract/locales.ts";
import { paymentTermsMessages } from "../kernel/payment/payment-terms-lines.ts";

interface AppointmentTableProps {
  provider: Provider;
  appointments: CustomerAppointment[];
  onCancel(appointment: CustomerAppointment): void;
  onMove(appointment: CustomerAppointment): void;
  /** A series' occurrence with later ones: cancel it and them (issue 42). */
  onCancelRest?(appointment: CustomerAppointment): void;
}

/**
 * The customer's upcoming appointments with cancel and move, and the cancellation policy
 * (spec §2 "My Page"). Times are the provider's clock; a visitor elsewhere is told so.
 */
export function AppointmentTable({ provider, appointments, onCancel, onMove, onCancelRest }: AppointmentTableProps) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  return (
    <section className="bw-my-page__section" aria-labelledby="bw-appointments-title" part="appointments">
      {/* Where focus goes when a dialog's answer (a cancel, a move) removed what opened it. */}
      <h3 id="bw-appointments-title" className="bw-my-page__heading" tabIndex={-1} data-autofocus>
        {_(m.appointments)}
      </h3>
      {appointments.length === 0 ? (
        <p>{_(m.noAppointments)}</p>
      ) : (
        <>
          <TimeZoneNote timeZone={provider.timeZone} day={appointmentTime(appointments[0]!, provider.timeFormat).iso} />
          <table className="bw-appointments">
            <thead>
              <tr>
                <th scope="col">{_(m.service)}</th>
                <th scope="col">{_(m.time)}</th>
                <th scope="col">{_(m.actions)}</th>
              </tr>
            </thead>
            <tbody>
              {appointments.map((appointment) => {
                const { date, time } = appointmentTime(appointment, provider.timeFormat);
                const named = { service: appointment.appointmentName, when: _({ ...m.when, values: { date, time } }) };
                return (
                  <tr key={appointment.id}>
                    <td>
                      {appointment.appointmentName}
                      {appointment.paidOnline ? (
                        <span className="bw-appointments__paid">
                          {_({ ...paymentTermsMessages.paid, values: { amount: formatPrice(appointment.paidOnline, locale) } })}
                        </span>
                      ) : null}
                      {appointment.series && (
                        <span className="bw-appointments__series">{_({ ...m.seriesPosition, values: appointment.series })}</span>
                      )}
                    </td>
                    <td>
                      {date} {time}
                    </td>
                    <td className="bw-appointments__actions">
                      <button
                        type="button"
                        className="bw-button bw-button--secondary"
                        data-move={appointment.id}
                        aria-label={_({ ...m.moveNamed, values: named })}
                        onClick={() => onMove(appointment)}
                      >
                        {_(m.move)}
                      </button>
                      <button
                        type="button"
                        className="bw-button bw-button--danger"
                        aria-label={_({ ...m.cancelNamed, values: named })}
                        onClick={() => onCancel(appointment)}
                      >
                        {_(m.cancel)}
                      </button>
                      {onCancelRest && appointment.series && appointment.series.position < appointment.series.count && (
                        <button
                          type="button"
                          className="bw-button bw-button--danger"
                          aria-label={_({ ...m.cancelRestNamed, values: named })}
                          onClick={() => onCancelRest(appointment)}
                        >
                          {_(m.cancelRest)}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      <div className="bw-my-page__policy" part="cancellation-policy">
        <p>{_({ ...m.policy, values: { hours: provider.hoursToCancel } })}</p>
        {provider.cancellationBoxText && <SanitizedHtml html={provider.cancellationBoxText} className="bw-my-page__policy-text" />}
      </div>
    </section>
  );
}
