import { useLingui } from "@lingui/react";
import { formatOffset, offsetMinutes, timeZoneNoteNeeded, visitorTimeZone } from "../time/time-zone-note.ts";
import { timeMessages } from "./messages.ts";

/**
 * Times are the provider's wall clock. When the visitor's own clock differs on that
 * day, say which zone the times are in.
 */
export function TimeZoneNote({ timeZone, day }: { timeZone: string; day: string }) {
  const { _ } = useLingui();
  const instant = new Date(`${day}T12:00:00Z`);
  if (!timeZoneNoteNeeded(timeZone, visitorTimeZone(), instant)) return null;
  const zone = timeZone.split("/").at(-1)!.replace(/_/g, " ");
  return (
    <p className="bw-zone-note" part="zone-note">
      {_({ ...timeMessages.zoneNote, values: { zone, offset: formatOffset(offsetMinutes(timeZone, instant)) } })}
    </p>
  );
}
