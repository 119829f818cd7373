import { useLingui } from "@lingui/react";
import { useEffect, useState, type KeyboardEvent } from "react";
import type { AvailableHour } from "../contract/schemas/index.ts";
import { shellMessages } from "../kernel/shell-messages.ts";
import { errorCatalogue } from "../kernel/errors/error-catalogue.ts";
import { indexForKey } from "../ui/list-keys.ts";
import { Skeletons } from "../ui/Skeletons.tsx";
import { timeMessages } from "./messages.ts";

/** Spec §9: skeleton buttons while the hours load. */
export const HOUR_SKELETONS = 15;

interface HourListProps {
  hours: AvailableHour[] | undefined;
  heading: string;
  onChoose(hour: AvailableHour): void;
  /** Shown under "No available hours for this day". */
  emptyAction?: React.ReactNode;
}

/**
 * The day's free start times as buttons; skeletons while loading; a message when none.
 * The times are one Tab stop (arrows, Home and End move between them), and how many there
 * are is announced when they have loaded.
 */
export function HourList({ hours, heading, onChoose, emptyAction }: HourListProps) {
  const { _ } = useLingui();
  const [current, setCurrent] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new hours start at their first
  useEffect(() => setCurrent(0), [hours]);
  const tabStop = Math.min(current, (hours?.length ?? 1) - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const next = indexForKey(event.key, tabStop, hours?.length ?? 0);
    if (next === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    setCurrent(next);
    event.currentTarget.querySelectorAll("button")[next]?.focus();
  };
  return (
    <section className="bw-hours" part="hours" aria-label={heading}>
      <h3 className="bw-hours__title">{heading}</h3>
      {/* One live region for both outcomes: the count (read only) or "no hours" (shown). */}
      <p className={hours?.length === 0 ? "bw-hours__none" : "bw-visually-hidden"} role="status">
        {!hours
          ? ""
          : hours.length > 0
            ? _({ ...timeMessages.timesAvailable, values: { count: hours.length } })
            : _(errorCatalogue.noHoursThisDay)}
      </p>
      {!hours ? (
        <Skeletons
          count={HOUR_SKELETONS}
          label={_(shellMessages.loading)}
          listClassName="bw-hours__list"
          itemClassName="bw-hour bw-hour--skeleton"
        />
      ) : hours.length === 0 ? (
        <div className="bw-hours__empty">{emptyAction}</div>
      ) : (
        <ul className="bw-hours__list" onKeyDown={onKeyDown}>
          {hours.map((hour, index) => (
            <li key={hour.backendLabel} className="bw-hour">
              <button
                type="button"
                className="bw-hour__button"
                part="hour"
                tabIndex={index === tabStop ? 0 : -1}
                onFocus={() => setCurrent(index)}
                onClick={() => onChoose(hour)}
              >
                {hour.label}
                {hour.placesLeft !== undefined && (
                  // A group service: part of the button's name ("10:00 3 of 8 places left").
                  <span className="bw-hour__places" part="hour-places">
                    {" "}
                    {_({ ...timeMessages.placesLeft, values: { left: hour.placesLeft, places: hour.places ?? hour.placesLeft } })}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
