import type { I18n } from "@lingui/core";
import { formatOffset, offsetMinutes } from "../time/time-zone-note.ts";
import { type ZoneLead, zoneCity } from "../time/visitor-time.ts";
import { timeMessages } from "./messages.ts";

/**
 * What the time step's zone note and its toggle say: the note names the clock the large
 * times are in (the provider's place, or the visitor's own), the toggle the other choice
 * ("Show my time first", "Show Oslo time first"). The toggle's name changes with the
 * choice, so it says what a press does rather than being a pressed/unpressed switch.
 */
export function zoneNoteTexts(i18n: I18n, providerZone: string, visitorZone: string, lead: ZoneLead, instant: Date) {
  const zone = zoneCity(providerZone, i18n.locale);
  const offset = formatOffset(offsetMinutes(providerZone, instant));
  if (lead === "visitor") {
    const yourOffset = formatOffset(offsetMinutes(visitorZone, instant));
    return {
      note: i18n._(timeMessages.zoneNoteYours.id, { zone, offset, yourOffset }, { message: timeMessages.zoneNoteYours.message }),
      toggle: i18n._(timeMessages.theirTimeFirst.id, { zone }, { message: timeMessages.theirTimeFirst.message }),
    };
  }
  return {
    note: i18n._(timeMessages.zoneNote.id, { zone, offset }, { message: timeMessages.zoneNote.message }),
    toggle: i18n._(timeMessages.yourTimeFirst.id, {}, { message: timeMessages.yourTimeFirst.message }),
  };
}
