import { useLingui } from "@lingui/react";
import type { AvailableHour } from "../../api/schemas/index.ts";
import { shellMessages } from "../../app/messages.ts";
import { errorCatalogue } from "../../app/error-catalogue.ts";
import { Skeletons } from "../../ui/Skeletons.tsx";

/** Spec §9: skeleton buttons while the hours load. */
export const HOUR_SKELETONS = 15;

interface HourListProps {
  hours: AvailableHour[] | undefined;
  heading: string;
  onChoose(hour: AvailableHour): void;
  /** Shown under "No available hours for this day". */
  emptyAction?: React.ReactNode;
}

/** The day's free start times as buttons; skeletons while loading; a message when none. */
export function HourList({ hours, heading, onChoose, emptyAction }: HourListProps) {
  const { _ } = useLingui();
  return (
    <section className="bw-hours" part="hours" aria-label={heading}>
      <h3 className="bw-hours__title">{heading}</h3>
      {!hours ? (
        <Skeletons count={HOUR_SKELETONS} label={_(shellMessages.loading)} listClassName="bw-hours__list" itemClassName="bw-hour bw-hour--skeleton" />
      ) : hours.length === 0 ? (
        <div className="bw-hours__empty">
          <p>{_(errorCatalogue.noHoursThisDay)}</p>
          {emptyAction}
        </div>
      ) : (
        <ul className="bw-hours__list">
          {hours.map((hour) => (
            <li key={hour.backendLabel} className="bw-hour">
              <button type="button" className="bw-hour__button" part="hour" onClick={() => onChoose(hour)}>
                {hour.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
