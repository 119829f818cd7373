import { useLingui } from "@lingui/react";
import { timeZoneNoteNeeded, visitorTimeZone } from "../time/time-zone-note.ts";
import type { ZoneLead } from "../time/visitor-time.ts";
import { zoneNoteTexts } from "./zone-note-texts.ts";

/**
 * Times are the provider's wall clock. When the visitor's own clock differs on that
 * day, say which zone the times are in; with `onLeadChange`, a toggle puts the visitor's
 * own clock first (the hours show both), and back: the note says which clock is first,
 * the toggle names the other.
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
  const { i18n } = useLingui();
  const instant = new Date(`${day}T12:00:00Z`);
  const visitorZone = visitorTimeZone();
  if (!timeZoneNoteNeeded(timeZone, visitorZone, instant)) return null;
  // Without a toggle (My Page) the times are the provider's only.
  const texts = zoneNoteTexts(i18n, timeZone, visitorZone, onLeadChange ? lead : "provider", instant);
  return (
    <div className="bw-zone-note" part="zone-note">
      <p>{texts.note}</p>
      {onLeadChange && (
        <button
          type="button"
          className="bw-button bw-button--secondary bw-zone-note__lead"
          onClick={() => onLeadChange(lead === "visitor" ? "provider" : "visitor")}
        >
          {texts.toggle}
        </button>
      )}
    </div>
  );
}
