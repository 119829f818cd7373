import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState } from "react";
import useSWR from "swr";
import { createBookingCalls } from "../../api/booking-calls.ts";
import { createSeriesCalls } from "../../api/series-calls.ts";
import type { AvailableHour, SeriesPreview, ServiceBookingSelection } from "../../contract/schemas/index.ts";
import { longDate } from "../../calendar/date-labels.ts";
import type { Locale } from "../../i18n/locale.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { openModal } from "../../ui/open-modal.ts";
import { seriesMessages as m } from "./messages.ts";
import { planFrom, type OccurrenceChoice, type SeriesPlan, type SeriesWish } from "./series-plan.ts";
import { staffKey } from "../staff/staff-key.ts";

interface SeriesDialogProps {
  userId: number;
  hour: AvailableHour;
  wish: SeriesWish;
  serviceBookings: ServiceBookingSelection[];
  staffMemberId: number | null;
  holdToken?: string | undefined;
  /** The series settled on (null: only the first time is left, booked alone). */
  onDone(plan: SeriesPlan | null): void;
  onCancel(): void;
  /** The API could not check the series (the first time is taken, or it failed). */
  onFailed(error: unknown): void;
}

/**
 * The series before booking it (issue 42): each occurrence's date and time, free or
 * taken; a taken one takes another free time that day or is left out. It names the
 * interval and the staff member the whole series is with (issue 57).
 */
export function SeriesDialog({
  userId,
  hour,
  wish,
  serviceBookings,
  staffMemberId,
  holdToken,
  onDone,
  onCancel,
  onFailed,
}: SeriesDialogProps) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const calls = useApiCalls(createSeriesCalls);
  const booking = useApiCalls(createBookingCalls);
  // The staff step's list (cached under its key when the step was shown): the preview names the staff member by id.
  const staff = useSWR(staffKey(userId, serviceBookings), () => booking.staff(userId, serviceBookings));
  const [preview, setPreview] = useState<SeriesPreview | null>(null);
  const [choices, setChoices] = useState<ReadonlyMap<number, OccurrenceChoice>>(new Map());

  useEffect(() => openModal(ref.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, for the hour and the wish the dialog opened with
  useEffect(() => {
    const [year, month, day] = hour.date.split("-").map(Number) as [number, number, number];
    const [h, min] = hour.backendLabel.split(":").map(Number) as [number, number];
    let live = true;
    calls
      .preview({
        userId,
        year,
        month,
        day,
        hour: h,
        minute: min,
        serviceBookings,
        staffMemberId,
        everyWeeks: wish.everyWeeks,
        occurrences: wish.count,
        ...(holdToken ? { holdToken } : {}),
      })
      .then(
        (answer) => live && setPreview(answer),
        (error: unknown) => {
          if (!live) return;
          ref.current?.close?.();
          onFailed(error);
        },
      );
    return () => {
      live = false;
    };
  }, []);

  const close = (then: () => void) => {
    ref.current?.close?.();
    then();
  };
  const staffName = preview
    ? (staff.data?.find((member) => member.id === preview.staffMemberId)?.fullName ?? (staff.data || staff.error ? _(m.samePerson) : null))
    : null;
  const plan = preview ? planFrom(wish.everyWeeks, preview.occurrences, choices) : null;
  const choose = (index: number, choice: OccurrenceChoice) => setChoices((now) => new Map(now).set(index, choice));

  return (
    <dialog
      ref={ref}
      className="bw-dialog bw-series"
      part="dialog series-dialog"
      aria-labelledby={titleId}
      aria-busy={!staffName}
      onCancel={(e) => {
        e.preventDefault();
        close(onCancel);
      }}
    >
      <h2 id={titleId} className="bw-dialog__title">
        {_(m.title)}
      </h2>
      {!preview || !staffName ? (
        <p role="status">{_(m.checking)}</p>
      ) : (
        <>
          <p>{_({ ...m.intro, values: { weeks: wish.everyWeeks, time: hour.label, staff: staffName } })}</p>
          <ol className="bw-series__list">
            {preview.occurrences.map((occurrence, index) => {
              const when = `${longDate(occurrence.date, locale)}, ${occurrence.label}`;
              if (occurrence.state === "free") {
                return (
                  <li key={occurrence.date} className="bw-series__item">
                    <span>{when}</span> <span className="bw-series__state">{_(m.free)}</span>
                  </li>
                );
              }
              const chosen = choices.has(index) ? choices.get(index)! : (occurrence.alternatives[0]?.backendLabel ?? null);
              return (
                <li key={occurrence.date} className="bw-series__item bw-series__item--taken">
                  <fieldset className="bw-fieldset">
                    <legend>{_({ ...m.taken, values: { date: longDate(occurrence.date, locale), time: occurrence.label } })}</legend>
                    {occurrence.alternatives.length === 0 && <p>{_(m.noOtherTime)}</p>}
                    {occurrence.alternatives.map((alternative) => (
                      <label key={alternative.backendLabel} className="bw-choice">
                        <input
                          type="radio"
                          name={`${titleId}-${index}`}
                          checked={chosen === alternative.backendLabel}
                          onChange={() => choose(index, alternative.backendLabel)}
                        />
                        <span>{_({ ...m.otherTime, values: { time: alternative.label } })}</span>
                      </label>
                    ))}
                    {occurrence.alternatives.length > 0 && (
                      <label className="bw-choice">
                        <input type="radio" name={`${titleId}-${index}`} checked={chosen === null} onChange={() => choose(index, null)} />
                        <span>{_(m.leaveOut)}</span>
                      </label>
                    )}
                  </fieldset>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <div className="bw-dialog__actions">
        <button type="button" className="bw-button bw-button--secondary" onClick={() => close(onCancel)}>
          {_(m.cancel)}
        </button>
        <button type="button" className="bw-button" disabled={!staffName} onClick={() => close(() => onDone(plan))}>
          {plan ? _({ ...m.continue, values: { count: plan.occurrences.length } }) : _(m.onlyOne)}
        </button>
      </div>
    </dialog>
  );
}
