import { useLingui } from "@lingui/react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import type { AvailableHour } from "../contract/schemas/index.ts";
import { shellMessages } from "../kernel/shell-messages.ts";
import { errorCatalogue } from "../kernel/errors/error-catalogue.ts";
import { indexForKey } from "../ui/list-keys.ts";
import { Skeletons } from "../ui/Skeletons.tsx";
import { timeMessages } from "./messages.ts";
import { shortWeekdays, twoZoneTime, type ZoneLead, zoneCity } from "../time/visitor-time.ts";

/** The two clocks of a visitor in another zone than the provider's: each hour shows both, `lead` first. */
export interface HourZones {
  providerZone: string;
  visitorZone: string;
  timeFormat: string | null | undefined;
  lead: ZoneLead;
}

/** Spec §9: skeleton buttons while the hours load. */
export const HOUR_SKELETONS = 15;

interface HourListProps {
  hours: AvailableHour[] | undefined;
  heading: string;
  onChoose(hour: AvailableHour): void;
  /** Shown under "No available hours for this day". */
  emptyAction?: React.ReactNode;
  /** Both clocks, when the visitor's zone may differ from the provider's. */
  zones?: HourZones | undefined;
}

/**
 * The day's free start times as buttons; skeletons while loading; a message when none.
 * The times are one Tab stop (arrows, Home and End move between them), and how many there
 * are is announced when they have loaded.
 */
export function HourList({ hours, heading, onChoose, emptyAction, zones }: HourListProps) {
  const { _, i18n } = useLingui();
  const otherId = useId();
  const weekdays = zones ? shortWeekdays(i18n.locale) : [];
  // The hour's other clock, the button's description ("16:00 your time"); the leading clock is its name.
  const both = (hour: AvailableHour) =>
    zones ? twoZoneTime(hour, zones.providerZone, zones.visitorZone, zones.timeFormat, weekdays) : null;
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
          {hours.map((hour, index) => {
            const two = both(hour);
            const visitorFirst = two !== null && zones?.lead === "visitor";
            return (
              <li key={hour.backendLabel} className="bw-hour">
                <button
                  type="button"
                  className="bw-hour__button"
                  part="hour"
                  tabIndex={index === tabStop ? 0 : -1}
                  aria-describedby={two ? `${otherId}-${index}` : undefined}
                  onFocus={() => setCurrent(index)}
                  onClick={() => onChoose(hour)}
                >
                  {visitorFirst ? two.visitor : hour.label}
                  {hour.placesLeft !== undefined && (
                    // A group service: part of the button's name ("10:00 3 of 8 places left"), per class.
                    <span className="bw-hour__places" part="hour-places">
                      {" "}
                      {_({
                        ...(hour.classes ? timeMessages.placesLeftClasses : timeMessages.placesLeft),
                        values: { left: hour.placesLeft, places: hour.places ?? hour.placesLeft, classes: hour.classes },
                      })}
                    </span>
                  )}
                </button>
                {two && (
                  <span id={`${otherId}-${index}`} className="bw-hour__zone" part="hour-zone">
                    {visitorFirst
                      ? _({ ...timeMessages.theirTime, values: { time: two.provider, zone: zoneCity(zones!.providerZone, i18n.locale) } })
                      : _({ ...timeMessages.yourTime, values: { time: two.visitor } })}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
