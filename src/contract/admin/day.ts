import * as v from "valibot";

/**
 * The back office's day (issue 59, points 4 and 5): the calendar of every staff member's
 * day or one person's week, an appointment's detail, and what staff do with it. The
 * answers of `/api/admin/day`, `/api/admin/appointments/…`, `/api/admin/customers` and
 * `/api/admin/changes`, and the bodies those routes take (strict: an unknown key is
 * refused, never merged).
 *
 * Times are instants (ISO 8601, UTC); the answer names the provider's zone, and a screen
 * places them with zoned-time.ts. Dates are YYYY-MM-DD in that zone. A role that hides
 * contacts (hideContacts) gets every answer without `phone` and `email`: the keys are
 * left out, never sent empty.
 */

const isoDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD"));
const instant = v.pipe(v.string(), v.isoTimestamp("must be an ISO 8601 instant"));
const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2147483647));

/** [start, end) of something on the calendar. */
export const AdminSpanSchema = v.object({ start: v.string(), end: v.string() });
export type AdminSpan = v.InferOutput<typeof AdminSpanSchema>;

/** Where an appointment stands: booked (confirmed), awaiting its online payment, the customer arrived, or never came. */
export const APPOINTMENT_STATES = ["booked", "awaitingPayment", "arrived", "noShow", "cancelled"] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

/** What staff mark about a booked appointment: arrived, no-show, or back to neither (null). */
export const ATTENDANCES = ["arrived", "noShow"] as const;
export type Attendance = (typeof ATTENDANCES)[number];

/** A customer's phone and e-mail: absent for a role that hides contacts. */
const contact = {
  phone: v.optional(v.string()),
  email: v.optional(v.string()),
};

/** An appointment as the day's grid shows it. */
export const AdminDayAppointmentSchema = v.object({
  id: v.number(),
  staffMemberId: v.number(),
  /** The services' own time, as the customer was told it. */
  start: v.string(),
  end: v.string(),
  /** What it keeps its staff member for: the services with their buffers before and after. */
  blocked: AdminSpanSchema,
  state: v.picklist(APPOINTMENT_STATES),
  /** Titles of its services and extras, main services first. */
  services: v.array(v.object({ id: v.number(), title: v.string() })),
  customerName: v.string(),
  ...contact,
  /** A group service's class (issue 42): the places taken of its places, this booking's included. */
  group: v.nullable(v.object({ taken: v.number(), places: v.number() })),
  /** An awaiting-payment booking's time runs out at this instant. */
  holdExpiresAt: v.nullable(v.string()),
  seriesId: v.nullable(v.string()),
});
export type AdminDayAppointment = v.InferOutput<typeof AdminDayAppointmentSchema>;

/** A visitor's hold on a time while they fill in the form: busy, nobody's name. */
export const AdminDayHoldSchema = v.object({ staffMemberId: v.number(), blocked: AdminSpanSchema, expiresAt: v.string() });
export type AdminDayHold = v.InferOutput<typeof AdminDayHoldSchema>;

/** One staff member's one date. */
export const AdminStaffDaySchema = v.object({
  date: v.string(),
  /** On vacation, or the whole place is closed: no hours. */
  away: v.boolean(),
  /** The opening hours this date (several spans when the day is split). */
  hours: v.array(AdminSpanSchema),
  /** Weekly breaks falling on this date (a lunch). */
  breaks: v.array(AdminSpanSchema),
  /** One-off pauses on this date. */
  pauses: v.array(AdminSpanSchema),
  appointments: v.array(AdminDayAppointmentSchema),
  holds: v.array(AdminDayHoldSchema),
});
export type AdminStaffDay = v.InferOutput<typeof AdminStaffDaySchema>;

/** One column of the grid: a staff member and their dates (one for the day view, seven for the week). */
export const AdminStaffColumnSchema = v.object({
  staffMember: v.object({ id: v.number(), name: v.string() }),
  days: v.array(AdminStaffDaySchema),
});
export type AdminStaffColumn = v.InferOutput<typeof AdminStaffColumnSchema>;

/** A waitlist entry waiting for one of the dates. */
export const AdminWaitlistEntrySchema = v.object({
  id: v.number(),
  customerName: v.string(),
  ...contact,
  services: v.array(v.object({ id: v.number(), title: v.string() })),
  /** The staff member asked for; null: anyone. */
  staffMemberId: v.nullable(v.number()),
  /** The dates it waits for, of those shown. */
  dates: v.array(v.string()),
  /** The part of the day it waits for (HH:mm, provider's zone); null: any. */
  after: v.nullable(v.string()),
  before: v.nullable(v.string()),
});
export type AdminWaitlistEntry = v.InferOutput<typeof AdminWaitlistEntrySchema>;

export const WAITLIST_OFFER_STATES = ["open", "taken", "expired"] as const;

/** A freed time offered to a waitlist entry. */
export const AdminWaitlistOfferSchema = v.object({
  id: v.number(),
  entryId: v.number(),
  staffMemberId: v.number(),
  start: v.string(),
  end: v.string(),
  /** First in line: the time is held for the offer until it expires. */
  held: v.boolean(),
  expiresAt: v.string(),
  state: v.picklist(WAITLIST_OFFER_STATES),
});
export type AdminWaitlistOffer = v.InferOutput<typeof AdminWaitlistOfferSchema>;

/** `GET /api/admin/day?date=YYYY-MM-DD&days=1|7&staff=<id>`. */
export const AdminDaySchema = v.object({
  /** The first and last date shown, inclusive. */
  from: v.string(),
  to: v.string(),
  timeZone: v.string(),
  currency: v.string(),
  /** The changes feed's position when this was read: poll `/api/admin/changes?after=` from it. */
  cursor: v.string(),
  columns: v.array(AdminStaffColumnSchema),
  waitlist: v.object({ entries: v.array(AdminWaitlistEntrySchema), offers: v.array(AdminWaitlistOfferSchema) }),
});
export type AdminDay = v.InferOutput<typeof AdminDaySchema>;

/** The day's query: a date, one day or a week, and (for the week) the staff member. */
export const AdminDayQuerySchema = v.strictObject({
  date: isoDate,
  days: v.optional(v.picklist(["1", "7"]), "1"),
  staff: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, "must be a staff member's id"))),
});
export type AdminDayQuery = v.InferOutput<typeof AdminDayQuerySchema>;

export const PAYMENT_STATES = ["pending", "paid", "declined", "expired", "refunded"] as const;
export const REFUND_STATES = ["due", "done", "failed"] as const;

/** `GET /api/admin/appointments/:id`: everything about one appointment. */
export const AdminAppointmentSchema = v.object({
  id: v.number(),
  timeZone: v.string(),
  staffMember: v.object({ id: v.number(), name: v.string() }),
  start: v.string(),
  end: v.string(),
  blocked: AdminSpanSchema,
  state: v.picklist(APPOINTMENT_STATES),
  createdAt: v.string(),
  cancelledAt: v.nullable(v.string()),
  holdExpiresAt: v.nullable(v.string()),
  customer: v.object({
    /** The customer account it was booked with, if any. */
    accountId: v.nullable(v.number()),
    name: v.string(),
    ...contact,
    comment: v.string(),
  }),
  /** Services and their extras (parentId: the service an extra belongs to), priced as booked. */
  services: v.array(
    v.object({ id: v.number(), title: v.string(), parentId: v.nullable(v.number()), price: v.number(), durationInMinutes: v.number() }),
  ),
  price: v.object({ total: v.number(), currency: v.string() }),
  group: v.nullable(v.object({ taken: v.number(), places: v.number() })),
  /** The online payment, if one was made or tried, with the gateway's own reference and its refunds. */
  payment: v.nullable(
    v.object({
      id: v.string(),
      method: v.string(),
      state: v.picklist(PAYMENT_STATES),
      amount: v.number(),
      currency: v.string(),
      gatewayReference: v.nullable(v.string()),
      refunds: v.array(
        v.object({ amount: v.number(), state: v.picklist(REFUND_STATES), reason: v.string(), refundedAt: v.nullable(v.string()) }),
      ),
    }),
  ),
  /** The messages sent to the customer about it, newest first: no body (it may carry a link or a code). */
  messages: v.array(
    v.object({
      channel: v.string(),
      subject: v.string(),
      queuedAt: v.string(),
      state: v.picklist(["pending", "sent", "failed"]),
      ...contact,
    }),
  ),
  /** Its series (issue 42): every occurrence, this one's position among them. */
  series: v.nullable(
    v.object({
      id: v.string(),
      position: v.number(),
      occurrences: v.array(v.object({ id: v.number(), position: v.number(), start: v.string(), state: v.picklist(APPOINTMENT_STATES) })),
    }),
  ),
  /** The back office's changes to it, newest first (the audit log). */
  history: v.array(
    v.object({ id: v.number(), at: v.string(), actor: v.string(), change: v.string(), details: v.record(v.string(), v.unknown()) }),
  ),
});
export type AdminAppointment = v.InferOutput<typeof AdminAppointmentSchema>;

/** `POST /api/admin/appointments/:id/move`: a new start (and column); the services stay. */
export const AdminMoveSchema = v.strictObject({ start: instant, staffMemberId: id });
export type AdminMove = v.InferOutput<typeof AdminMoveSchema>;

/** `POST /api/admin/appointments/:id/cancel`: the provider's cancel (what was paid online goes back in full). */
export const AdminCancelSchema = v.strictObject({});

/** `POST /api/admin/appointments/:id/attendance`: arrived, no-show, or null to undo. */
export const AdminAttendanceSchema = v.strictObject({ attendance: v.nullable(v.picklist(ATTENDANCES)) });
export type AdminAttendanceBody = v.InferOutput<typeof AdminAttendanceSchema>;

const name = v.pipe(v.string(), v.trim(), v.minLength(1, "Enter the customer's name"), v.maxLength(100));
/** Digits only, as customer accounts keep them (4 to 15). */
const phone = v.pipe(v.string(), v.trim(), v.regex(/^[0-9]{4,15}$/, "Enter the phone number as digits"));
const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email("Enter a valid e-mail address"));

/**
 * `POST /api/admin/appointments`: a booking made for a customer on the phone. The
 * customer is an existing account (found with /api/admin/customers) or a new one. No
 * price or amount is taken: the server prices the services. Verification and online
 * payment are skipped; the receipt is sent as for any booking.
 */
export const AdminPhoneBookingSchema = v.strictObject({
  staffMemberId: id,
  start: instant,
  services: v.pipe(
    v.array(v.strictObject({ serviceId: id, extraServiceIds: v.optional(v.pipe(v.array(id), v.maxLength(20)), []) })),
    v.minLength(1, "Choose a service"),
    v.maxLength(10),
  ),
  customer: v.union([v.strictObject({ id }), v.strictObject({ name, phone, email: v.optional(v.union([email, v.literal("")]), "") })]),
  comment: v.optional(v.pipe(v.string(), v.maxLength(1000)), ""),
});
export type AdminPhoneBooking = v.InferOutput<typeof AdminPhoneBookingSchema>;

/** `GET /api/admin/customers?query=`: a name's or a phone number's part (2 to 60 characters). */
export const AdminCustomerQuerySchema = v.strictObject({ query: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(60)) });

/** Its answer: at most 20, by name. */
export const AdminCustomersSchema = v.object({
  customers: v.array(v.object({ id: v.number(), name: v.string(), ...contact })),
});
export type AdminCustomers = v.InferOutput<typeof AdminCustomersSchema>;

/** What a write answers: the appointment as the grid shows it now (refetch the detail for the rest). */
export const AdminAppointmentChangedSchema = v.object({ appointment: AdminDayAppointmentSchema });

/** What the provider's cancel answers: the appointment, and what was paid online that goes back in full (null: nothing was). */
export const AdminCancelledSchema = v.object({
  appointment: AdminDayAppointmentSchema,
  refund: v.nullable(v.object({ amount: v.number(), currency: v.string() })),
});
export type AdminCancelled = v.InferOutput<typeof AdminCancelledSchema>;

/**
 * `GET /api/admin/changes?after=<cursor>`: appointments written since the cursor (a
 * booking in the widget, a payment, a cancel, a move), for an open calendar to poll every
 * few seconds. `cursor` is where to ask from next (a change may be listed twice, never
 * missed); `more`: more changed than are listed, read the view again.
 */
export const AdminChangesSchema = v.object({
  cursor: v.string(),
  more: v.boolean(),
  changes: v.array(v.object({ appointmentId: v.number(), staffMemberId: v.number(), start: v.string(), end: v.string() })),
});
export type AdminChanges = v.InferOutput<typeof AdminChangesSchema>;
