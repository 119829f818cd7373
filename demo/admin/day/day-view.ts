import * as v from "valibot";

/**
 * The day's answer as the grid reads it: the app's own view-model until the day's API
 * schema (src/contract/admin/day.ts, branch wt59-day) is merged; `dayViewOf` in
 * day-source.ts is the one place that maps the API's answer onto it.
 */
export const BLOCK_KINDS = ["appointment", "hold", "break", "pause", "closed", "buffer"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const APPOINTMENT_STATES = ["booked", "awaitingPayment", "arrived", "noShow"] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

const time = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/));
const date = v.pipe(v.string(), v.isoDate());

export const BlockSchema = v.object({
  kind: v.picklist(BLOCK_KINDS),
  staffMemberId: v.number(),
  date,
  start: time,
  end: time,
  appointmentId: v.optional(v.number()),
  state: v.optional(v.picklist(APPOINTMENT_STATES)),
  /** The customer's name (an appointment), or the service's. */
  title: v.optional(v.string()),
  /** A group service's places: taken of all. */
  places: v.optional(v.object({ taken: v.number(), of: v.number() })),
});
export type Block = v.InferOutput<typeof BlockSchema>;

export const DayViewSchema = v.object({
  timeZone: v.string(),
  /** The rows' step, in minutes. */
  slotMinutes: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(60)),
  /** The first and last minute the grid shows (the earliest opening to the latest closing). */
  from: time,
  to: time,
  staff: v.array(v.object({ id: v.number(), name: v.string() })),
  blocks: v.array(BlockSchema),
});
export type DayView = v.InferOutput<typeof DayViewSchema>;
