import { useLingui } from "@lingui/react";
import { paymentMethodWords, paymentStateWords, refundStateWords } from "./payment-words.ts";
import { type AdminAppointment, pad2, toZoned } from "booking-widget/contract";
import { useEffect, useState } from "react";
import type { AdminClient } from "../api/admin-client.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { m } from "../i18n/messages.ts";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { ChangeTimeForm } from "./ChangeTimeForm.tsx";
import { dayName } from "./date-words.ts";
import type { AppointmentMove } from "./day-grid.ts";
import { Dialog } from "./Dialog.tsx";
import { money } from "./money.ts";

interface AppointmentPanelProps {
  api: AdminClient;
  appointmentId: number;
  staff: readonly { id: number; name: string }[];
  /** The role may change appointments (appointments at ReadWrite): else no action is shown. */
  canChange: boolean;
  onClose(): void;
  /** Something changed: the day is read again. */
  onChanged(): void;
  move(move: AppointmentMove): Promise<unknown>;
}

const wall = (instant: string, zone: string) => {
  const at = toZoned(new Date(instant), zone);
  return { date: at.isoDate, time: `${pad2(at.hour)}:${pad2(at.minute)}` };
};

/** An appointment opened: who, what, what it cost and how it was paid, what was sent, its series and history; and what staff may do with it. */
export function AppointmentPanel({ api, appointmentId, staff, canChange, onClose, onChanged, move }: AppointmentPanelProps) {
  const { _, i18n } = useLingui();
  const [detail, setDetail] = useState<AdminAppointment | null>(null);
  const [outcome, setOutcome] = useState<{ words: Words; kind: "error" | "note" } | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  useEffect(() => {
    let live = true;
    api.appointment(appointmentId).then(
      (answer) => live && setDetail(answer),
      (error) => live && setOutcome({ words: refusalWords(error), kind: "error" }),
    );
    return () => {
      live = false;
    };
  }, [api, appointmentId]);
  const act = async <T,>(call: () => Promise<T>, done: (answer: T) => Words) => {
    setOutcome(null);
    try {
      const answer = await call();
      onChanged();
      setOutcome({ words: done(answer), kind: "note" });
      setDetail(await api.appointment(appointmentId));
    } catch (error) {
      setOutcome({ words: refusalWords(error), kind: "error" });
    }
  };
  const zone = detail?.timeZone ?? "UTC";
  const start = detail ? wall(detail.start, zone) : null;
  const end = detail ? wall(detail.end, zone) : null;
  const when = (instant: string) => {
    const at = wall(instant, zone);
    return `${dayName(at.date, i18n.locale, true)} ${at.time}`;
  };
  const title =
    detail && start && end
      ? _({ ...m.appointmentTitle, values: { date: dayName(start.date, i18n.locale), start: start.time, end: end.time } })
      : _(m.loading);
  const list = <T,>(items: readonly T[], line: (item: T) => string) =>
    items.length ? (
      <ul>
        {items.map((item, index) => (
          <li key={index}>{line(item)}</li>
        ))}
      </ul>
    ) : (
      <p>{_(m.none)}</p>
    );
  const currency = detail?.price.currency ?? "NOK";
  const state = detail && detail.state !== "cancelled" ? _(m[detail.state]) : "";
  return (
    <Dialog title={title} onClose={onClose}>
      {outcome ? <FormAlert words={outcome.words} kind={outcome.kind} /> : null}
      {detail && start ? (
        <div className="admin-panel">
          <p>
            {_({ ...m.staffMember, values: { name: detail.staffMember.name } })}
            {state ? ` · ${state}` : ""}
            {detail.group ? ` · ${_({ ...m.places, values: { taken: detail.group.taken, of: detail.group.places } })}` : ""}
          </p>
          <section>
            <h3>{_(m.customer)}</h3>
            <p>{detail.customer.name}</p>
            {detail.customer.phone || detail.customer.email ? (
              <p>{[detail.customer.phone, detail.customer.email].filter(Boolean).join(" · ")}</p>
            ) : (
              <p>{_(m.contactsHidden)}</p>
            )}
            {detail.customer.comment ? <p>{detail.customer.comment}</p> : null}
          </section>
          <section>
            <h3>{_(m.services)}</h3>
            {list(
              detail.services,
              (service) => `${service.parentId ? "+ " : ""}${service.title} · ${money(service.price, currency, i18n.locale)}`,
            )}
            <p>
              {_(m.price)}: {money(detail.price.total, currency, i18n.locale)}
            </p>
          </section>
          <section>
            <h3>{_(m.payment)}</h3>
            {detail.payment ? (
              <>
                <p>
                  {_({
                    ...m.paymentLine,
                    values: {
                      state: `${_(paymentMethodWords(detail.payment.method))}: ${_(paymentStateWords(detail.payment.state))}, ${money(detail.payment.amount, detail.payment.currency, i18n.locale)}`,
                      reference: detail.payment.gatewayReference ?? "—",
                    },
                  })}
                </p>
                {detail.payment.refunds.map((refund, index) => (
                  <p key={index}>
                    {_({
                      ...m.refundLine,
                      values: {
                        state: _(refundStateWords(refund.state)),
                        amount: money(refund.amount, detail.payment!.currency, i18n.locale),
                      },
                    })}
                  </p>
                ))}
              </>
            ) : (
              <p>{_(m.noPayment)}</p>
            )}
          </section>
          {detail.series ? (
            <p>{_({ ...m.series, values: { index: detail.series.position, count: detail.series.occurrences.length } })}</p>
          ) : null}
          <section>
            <h3>{_(m.messages)}</h3>
            {list(detail.messages, (message) => `${when(message.queuedAt)} · ${message.channel} · ${message.subject} · ${message.state}`)}
          </section>
          <section>
            <h3>{_(m.history)}</h3>
            {list(detail.history, (entry) => `${when(entry.at)} · ${entry.actor} · ${entry.change}`)}
          </section>
          {canChange && detail.state !== "cancelled" ? (
            <section className="admin-actions">
              <div className="admin-actions__row">
                <button
                  type="button"
                  onClick={() =>
                    act(
                      () => api.attendance(appointmentId, "arrived"),
                      () => ({ descriptor: m.arrived }),
                    )
                  }
                >
                  {_(m.markArrived)}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    act(
                      () => api.attendance(appointmentId, "noShow"),
                      () => ({ descriptor: m.noShow }),
                    )
                  }
                >
                  {_(m.markNoShow)}
                </button>
              </div>
              <ChangeTimeForm
                appointmentId={appointmentId}
                date={start.date}
                start={start.time}
                staffMemberId={detail.staffMember.id}
                staff={staff}
                move={async (to) => {
                  await move(to);
                  const name = staff.find((member) => member.id === to.staffMemberId)?.name ?? "";
                  setOutcome({
                    words: { descriptor: m.moved, values: { date: dayName(to.date, i18n.locale), time: to.start, name } },
                    kind: "note",
                  });
                  setDetail(await api.appointment(appointmentId));
                }}
              />
              {confirmCancel ? (
                <div className="admin-actions__row">
                  <p>{_(m.cancelConfirm)}</p>
                  <button
                    type="button"
                    className="admin-danger"
                    onClick={() =>
                      act(
                        () => api.cancel(appointmentId),
                        ({ refund }) =>
                          refund
                            ? { descriptor: m.cancelledRefund, values: { amount: money(refund.amount, refund.currency, i18n.locale) } }
                            : { descriptor: m.cancelled },
                      )
                    }
                  >
                    {_(m.cancelYes)}
                  </button>
                  <button type="button" onClick={() => setConfirmCancel(false)}>
                    {_(m.keep)}
                  </button>
                </div>
              ) : (
                <button type="button" className="admin-danger" onClick={() => setConfirmCancel(true)}>
                  {_(m.cancel)}
                </button>
              )}
            </section>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
