import { type AdminDay, APPOINTMENT_STATES } from "booking-widget/contract";
import * as v from "valibot";

/**
 * The day as the grid reads it: blocks on a staff member's date in the provider's wall
 * clock ("HH:MM"), made from the API's answer (AdminDaySchema, instants) by
 * day-source.ts. The grid's model (day-grid.ts) knows nothing of instants or zones.
 */
export const BLOCK_KINDS = ["appointment", "hold", "break", "pause", "closed", "buffer"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The states the grid draws (a cancelled appointment is not on it). */
export const SHOWN_STATES = APPOINTMENT_STATES.filter((state) => state !== "cancelled");
export type ShownState = (typeof SHOWN_STATES)[number];

const time = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/));

/** One thing on a staff member's date (a valibot schema: a dragged block is read back with it). */
export const BlockSchema = v.object({
  kind: v.picklist(BLOCK_KINDS),
  staffMemberId: v.number(),
  date: v.pipe(v.string(), v.isoDate()),
  start: time,
  end: time,
  appointmentId: v.optional(v.number()),
  state: v.optional(v.picklist(SHOWN_STATES)),
  /** The customer's name (an appointment). */
  title: v.optional(v.string()),
  /** A group service's places: taken of all. */
  places: v.optional(v.object({ taken: v.number(), of: v.number() })),
});
export type Block = v.InferOutput<typeof BlockSchema>;

export interface DayView {
  timeZone: string;
  /** The changes feed's position when this was read (GET /api/admin/changes?after=). */
  cursor: string;
  /** The rows' step, in minutes. */
  slotMinutes: number;
  /** The first and last minute the grid shows ("HH:MM"; the earliest opening to the latest closing). */
  from: string;
  to: string;
  staff: { id: number; name: string }[];
  blocks: Block[];
  waitlist: AdminDay["waitlist"];
}
