import { useLingui } from "@lingui/react";
import { formatPrice, toLocale } from "booking-widget/contract";
import { useEffect, useState } from "react";
import type { AdminClient } from "../api/admin-client.ts";
import type { AppointmentDetail } from "../api/appointment-detail.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { m } from "../i18n/messages.ts";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { ChangeTimeForm } from "./ChangeTimeForm.tsx";
import { dayName } from "./date-words.ts";
import type { AppointmentMove } from "./day-grid.ts";
import { Dialog } from "./Dialog.tsx";

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

/** An appointment opened: who, what, what it cost and how it was paid, what was sent, its history; and what staff may do with it. */
export function AppointmentPanel({ api, appointmentId, staff, canChange, onClose, onChanged, move }: AppointmentPanelProps) {
  const { _, i18n } = useLingui();
  const locale = toLocale(i18n.locale) ?? "no";
  const [detail, setDetail] = useState<AppointmentDetail | null>(null);
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
  const act = async (call: () => Promise<unknown>, done: Words, close = false) => {
    setOutcome(null);
    try {
      await call();
      onChanged();
      if (close) onClose();
      else {
        setOutcome({ words: done, kind: "note" });
        setDetail(await api.appointment(appointmentId));
      }
    } catch (error) {
      setOutcome({ words: refusalWords(error), kind: "error" });
    }
  };
  const title = detail
    ? _({ ...m.appointmentTitle, values: { date: dayName(detail.date, i18n.locale), start: detail.start, end: detail.end } })
    : _(m.loading);
  const list = <T,>(items: readonly T[], line: (item: T) => string) =>
    items.length ? (
      <ul>
        {items.map((item) => (
          <li key={line(item)}>{line(item)}</li>
        ))}
      </ul>
    ) : (
      <p>{_(m.none)}</p>
    );
  return (
    <Dialog title={title} onClose={onClose}>
      {outcome ? <FormAlert words={outcome.words} kind={outcome.kind} /> : null}
      {detail ? (
        <div className="admin-panel">
          <p>
            {_({ ...m.staffMember, values: { name: detail.staffName } })} · {_(m[detail.state])}
          </p>
          <section>
            <h3>{_(m.customer)}</h3>
            <p>{detail.customer.name}</p>
            {detail.customer.phone || detail.customer.email ? (
              <p>{[detail.customer.phone, detail.customer.email].filter(Boolean).join(" · ")}</p>
            ) : (
              <p>{_(m.contactsHidden)}</p>
            )}
          </section>
          <section>
            <h3>{_(m.services)}</h3>
            {list(detail.services, (service) =>
              [service.name, ...service.extras].join(" + ").concat(` · ${formatPrice(service.price, locale)}`),
            )}
            <p>
              {_(m.price)}: {formatPrice(detail.price, locale)}
            </p>
          </section>
          <section>
            <h3>{_(m.payment)}</h3>
            {detail.payment ? (
              <>
                <p>{_({ ...m.paymentLine, values: { state: detail.payment.state, reference: detail.payment.gatewayReference ?? "—" } })}</p>
                {detail.payment.refund ? (
                  <p>
                    {_({
                      ...m.refundLine,
                      values: { state: detail.payment.refund.state, amount: formatPrice(detail.payment.refund.amount, locale) },
                    })}
                  </p>
                ) : null}
              </>
            ) : (
              <p>{_(m.noPayment)}</p>
            )}
          </section>
          {detail.series ? <p>{_({ ...m.series, values: detail.series })}</p> : null}
          <section>
            <h3>{_(m.messages)}</h3>
            {list(detail.messages, (message) => `${message.at} · ${message.channel} · ${message.subject}`)}
          </section>
          <section>
            <h3>{_(m.history)}</h3>
            {list(detail.history, (entry) => `${entry.at} · ${entry.actor} · ${entry.change}`)}
          </section>
          {canChange ? (
            <section className="admin-actions">
              <div className="admin-actions__row">
                <button type="button" onClick={() => act(() => api.attendance(appointmentId, "arrived"), { descriptor: m.arrived })}>
                  {_(m.markArrived)}
                </button>
                <button type="button" onClick={() => act(() => api.attendance(appointmentId, "noShow"), { descriptor: m.noShow })}>
                  {_(m.markNoShow)}
                </button>
              </div>
              <ChangeTimeForm
                appointmentId={appointmentId}
                date={detail.date}
                start={detail.start}
                staffMemberId={detail.staffMemberId}
                staff={staff}
                move={(to) =>
                  move(to).then(() => {
                    const name = staff.find((member) => member.id === to.staffMemberId)?.name ?? "";
                    setOutcome({
                      words: { descriptor: m.moved, values: { date: dayName(to.date, i18n.locale), time: to.start, name } },
                      kind: "note",
                    });
                    return api.appointment(appointmentId).then(setDetail);
                  })
                }
              />
              {confirmCancel ? (
                <div className="admin-actions__row">
                  <p>{_(m.cancelConfirm)}</p>
                  <button
                    type="button"
                    className="admin-danger"
                    onClick={() => act(() => api.cancel(appointmentId), { descriptor: m.cancelled }, true)}
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
