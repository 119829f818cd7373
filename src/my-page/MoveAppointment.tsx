import { useLingui } from "@lingui/react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { AvailableHour, CustomerAppointment, Provider, ServiceBookingSelection } from "../contract/schemas/index.ts";
import type { MyPageSession } from "../account/session.ts";
import { TimePicker } from "../calendar/TimePicker.tsx";
import { appointmentTime } from "./appointment-time.ts";
import { myPageMessages as m } from "./messages.ts";

interface MoveAppointmentProps {
  provider: Provider;
  appointment: CustomerAppointment;
  session: MyPageSession;
  /** The appointment's services, as the calendar asks for them. */
  selections: ServiceBookingSelection[];
  /** Said above the calendar: the service and the current time. */
  title: string;
  /** `restOfSeries`: the later occurrences of its series move with it (issue 42). */
  onChooseHour(hour: AvailableHour, restOfSeries: boolean): void;
  onClose(): void;
}

/** Moving an appointment: the calendar for its services, opened on its day; choosing an hour asks to confirm. */
export function MoveAppointment({ provider, appointment, session, selections, title, onChooseHour, onClose }: MoveAppointmentProps) {
  const { _ } = useLingui();
  const [date, setDate] = useState<string | null>(null);
  // A series' occurrence with later ones may take them along (by as many days, to the same time).
  const hasRest = appointment.series != null && appointment.series.position < appointment.series.count;
  const [restOfSeries, setRestOfSeries] = useState(false);
  // Opened by "Move": focus goes to its heading, which names the appointment and its time.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // The calendar offers the appointment's own time (and its neighbours) as free.
  const moving = useMemo(
    () => ({ appointmentId: appointment.id, customerToken: session.token, phoneNumber: session.login }),
    [appointment.id, session.token, session.login],
  );
  return (
    <section className="bw-my-page__section bw-time" aria-labelledby={`bw-move-${appointment.id}`} part="move">
      <h3 id={`bw-move-${appointment.id}`} className="bw-my-page__heading" tabIndex={-1} ref={heading}>
        {title}
      </h3>
      {hasRest && (
        <label className="bw-choice bw-move__rest">
          <input type="checkbox" checked={restOfSeries} onChange={(e) => setRestOfSeries(e.target.checked)} />
          <span>{_(m.moveRest)}</span>
        </label>
      )}
      <TimePicker
        provider={provider}
        serviceBookings={selections}
        staffMemberId={null}
        selectedDate={date}
        firstAvailable={appointmentTime(appointment, provider.timeFormat).iso}
        onSelectDate={setDate}
        onChooseHour={(hour) => onChooseHour(hour, hasRest && restOfSeries)}
        moving={moving}
      />
      <div className="bw-form__actions">
        <button type="button" className="bw-button bw-button--secondary" onClick={onClose}>
          {_(m.keepTime)}
        </button>
      </div>
    </section>
  );
}
