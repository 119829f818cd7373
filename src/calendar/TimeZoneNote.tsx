import { useLingui } from "@lingui/react";
import { formatOffset, offsetMinutes, timeZoneNoteNeeded, visitorTimeZone } from "../time/time-zone-note.ts";
import { type ZoneLead, zoneCity } from "../time/visitor-time.ts";
import { timeMessages } from "./messages.ts";

/**
 * Times are the provider's wall clock. When the visitor's own clock differs on that
 * day, say which zone the times are in; with `onLeadChange`, a toggle puts the visitor's
 * own clock first (the hours show both).
 */
export function TimeZoneNote({
  timeZone,
  day,
  lead = "provider",
  onLeadChange,
}: {
  timeZone: string;
  day: string;
  lead?: ZoneLead;
  onLeadChange?: (lead: ZoneLead) => void;
}) {
  const { _, i18n } = useLingui();
  const instant = new Date(`${day}T12:00:00Z`);
  if (!timeZoneNoteNeeded(timeZone, visitorTimeZone(), instant)) return null;
  return (
    <div className="bw-zone-note" part="zone-note">
      <p>
        {_({
          ...timeMessages.zoneNote,
          values: { zone: zoneCity(timeZone, i18n.locale), offset: formatOffset(offsetMinutes(timeZone, instant)) },
        })}
      </p>
      {onLeadChange && (
        <button
          type="button"
          className="bw-button bw-button--secondary bw-zone-note__lead"
          aria-pressed={lead === "visitor"}
          onClick={() => onLeadChange(lead === "visitor" ? "provider" : "visitor")}
        >
          {_(timeMessages.yourTimeFirst)}
        </button>
      )}
    </div>
  );
}
