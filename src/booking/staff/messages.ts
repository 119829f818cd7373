import type { I18n } from "@lingui/core";
import { formatDate } from "../../contract/format-date-time.ts";
import type { NextAvailable } from "./staff-model.ts";

export const staffMessages = {
  any: /*i18n*/ { id: "staff.any", message: "Any staff member" },
  anyDescription: /*i18n*/ { id: "staff.anyDescription", message: "The first free person takes your booking" },
  unavailable: /*i18n*/ { id: "staff.unavailable", message: "Currently unavailable" },
  selectAnother: /*i18n*/ { id: "staff.selectAnother", message: "Select another service" },
  loadFailed: /*i18n*/ { id: "staff.loadFailed", message: "The staff could not be loaded." },
  today: /*i18n*/ { id: "staff.next.today", message: "Next available: today {time}" },
  tomorrow: /*i18n*/ { id: "staff.next.tomorrow", message: "Next available: tomorrow {time}" },
  dayAfterTomorrow: /*i18n*/ { id: "staff.next.dayAfterTomorrow", message: "Next available: the day after tomorrow {time}" },
  date: /*i18n*/ { id: "staff.next.date", message: "Next available: {date} {time}" },
};

/** "Next available: tomorrow 9:00 AM", or "Currently unavailable". */
export function nextAvailableText(i18n: I18n, next: NextAvailable | null): string {
  if (!next || next.day.kind === "none") return i18n._(staffMessages.unavailable);
  // A descriptor variable, not a spread inside i18n._(…): lingui's extractor cannot read that.
  const descriptor = staffMessages[next.day.kind];
  const date = next.day.kind === "date" ? formatDate(next.day.isoDate) : "";
  return i18n._(descriptor.id, { time: next.time, date }, { message: descriptor.message });
}
