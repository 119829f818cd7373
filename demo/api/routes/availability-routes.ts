import { Hono, type Context } from "hono";
import {
  type AvailableHour,
  type LoadedDay,
  HoursRequest,
  SeriesPreviewRequest,
  type MovingAppointment,
  type Provider,
  isoDateOf,
  loginOf,
  pad2,
} from "booking-widget/contract";
import type * as v from "valibot";
import { availabilityFor } from "../availability/availability.ts";
import { slotsForDay, slotsForMonth, type Slot } from "../availability/engine.ts";
import { hourLabeller } from "../availability/hour-labels.ts";
import { slotRequestFor } from "../availability/service-selection.ts";
import type { ApiDeps } from "../api-deps.ts";
import { badRequest, validatedBody } from "../http-errors.ts";
import { changeableAppointment } from "../my-page/customer-appointments.ts";
import { customerBySecret } from "../customers/customer-secrets.ts";
import { requireProvider } from "../providers/provider-queries.ts";
import { holderOf } from "../secrets/holder.ts";
import { previewSeries } from "../calendar/series-plan.ts";
import type { AnswerReuse } from "../availability/answer-reuse.ts";
import { COMPRESS_FROM_BYTES } from "../compressed-answers.ts";
import { preferredEncoding } from "../content-encoding.ts";

type HoursAsked = v.InferOutput<typeof HoursRequest>;

/** The request's date, or 400 when it is not a real calendar date. */
function requestedDate(year: number, month: number, day: number): string {
  return isoDateOf(year, month, day) ?? badRequest(`Invalid date ${year}-${pad2(month)}-${pad2(day)}`);
}

function loadedDay(iso: string, slots: Slot[], label: (slot: Slot) => AvailableHour, serviceBookings: unknown): LoadedDay {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return {
    id: iso,
    day,
    month,
    year,
    iso,
    hoursToBook: slots.map(label),
    serviceBookings: serviceBookings as LoadedDay["serviceBookings"],
  };
}

/**
 * Appointment/availableHours (and its /cache twin), /month and firstAvailableHourDay:
 * one engine answers all four, from the same body. With `reuse` (the server's; issue 58),
 * the same question asked within a second is answered once (availability/answer-reuse.ts);
 * a move's calendar, which is one customer's, is always computed.
 */
export function availabilityRoutes(deps: ApiDeps, reuse?: AnswerReuse) {
  // Public availability may be a little behind (a read replica's lag): what decides, a move's login and its appointment, reads the primary.
  const { db, reads, clock } = deps;
  /**
   * A move's calendar: the login must hold (401, counted like any My Page login) and the
   * appointment must be the customer's and still movable (404 / 400).
   */
  const movingAppointmentId = async (c: Context, provider: Provider, moving: MovingAppointment | undefined, now: Date) => {
    if (!moving) return undefined;
    // The login as My Page's routes read it: a phone, or an e-mail in lower case (issue 57).
    const login = loginOf(moving.phoneNumber)?.login ?? moving.phoneNumber;
    const customer = await customerBySecret(deps, c, provider.userId, moving.customerToken, login);
    return (await changeableAppointment(db, provider, customer.id, moving.appointmentId, now)).id;
  };

  /** The request and the provider's availability for the dates it asks about: its day, its month or the whole window. */
  const prepare = async (c: Context, request: HoursAsked, asked: "day" | "month" | "window") => {
    const iso = requestedDate(request.year, request.month, request.day);
    const provider = await requireProvider(reads, request.userId);
    const now = clock.now();
    const lastOfMonth = new Date(Date.UTC(request.year, request.month, 0)).toISOString().slice(0, 10);
    const dates =
      asked === "day" ? { from: iso, to: iso } : asked === "month" ? { from: `${lastOfMonth.slice(0, 8)}01`, to: lastOfMonth } : undefined;
    const availability = await availabilityFor(reads, provider, now, {
      movingAppointmentId: await movingAppointmentId(c, provider, request.movingAppointment, now),
      ...(dates ? { dates } : {}),
      holder: holderOf(deps.keys, request.holdToken),
    });
    const selection = availability.resolve(request.serviceBookings);
    if (request.staffMemberId != null && !availability.schedule.staff.some((s) => s.id === request.staffMemberId)) {
      badRequest(`Staff member ${request.staffMemberId} does not work here`);
    }
    const slotRequest = slotRequestFor(selection, request.staffMemberId);
    return { request, iso, provider, availability, selection, slotRequest };
  };

  /** The answer to `request` (the route's validated body), computed by `compute` or reused. */
  const answered = async (c: Context, kind: string, request: HoursAsked, compute: () => Promise<unknown>) => {
    if (!reuse || request.movingAppointment) return c.json(await compute());
    // The API clock's second in the key: a test's fixed clock moved on asks again.
    const key = `${kind} ${Math.floor(clock.now().getTime() / 1000)} ${JSON.stringify(request)}`;
    const answer = await reuse.answer(key, compute);
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    if (!encoding || answer.json.length < COMPRESS_FROM_BYTES) return c.body(answer.json, 200, { "Content-Type": "application/json" });
    return c.body(new Uint8Array(await answer.encoded(encoding)), 200, {
      "Content-Type": "application/json",
      "Content-Encoding": encoding,
      Vary: "Accept-Encoding",
    });
  };

  const hours = validatedBody(HoursRequest, "body");
  return new Hono()
    .on("POST", ["/Appointment/availableHours", "/appointment/availableHours/cache", "/Appointment/availableHours/cache"], hours, (c) =>
      answered(c, "day", c.req.valid("json"), async () => {
        const { request, iso, provider, availability, selection, slotRequest } = await prepare(c, c.req.valid("json"), "day");
        const slots = slotsForDay(availability.schedule, slotRequest, iso);
        const label = hourLabeller(provider.timeZone, provider.timeFormat, selection.customerMinutes);
        return loadedDay(iso, slots, label, request.serviceBookings);
      }),
    )
    .post("/Appointment/availableHours/month", hours, (c) =>
      answered(c, "month", c.req.valid("json"), async () => {
        const { request, provider, availability, selection, slotRequest } = await prepare(c, c.req.valid("json"), "month");
        const month = slotsForMonth(availability.schedule, slotRequest, request.year, request.month);
        const label = hourLabeller(provider.timeZone, provider.timeFormat, selection.customerMinutes);
        return [...month].map(([iso, slots]) => loadedDay(iso, slots, label, request.serviceBookings));
      }),
    )
    .post("/Appointment/series", validatedBody(SeriesPreviewRequest, "body"), async (c) => {
      // Series extension (issue 42): how each occurrence of a wished series stands.
      const request = c.req.valid("json");
      const provider = await requireProvider(reads, request.userId);
      return c.json(await previewSeries(reads, provider, request, clock.now(), holderOf(deps.keys, request.holdToken)));
    })
    .post("/Appointment/firstAvailableHourDay", hours, (c) =>
      // The first bookable day from today on, whatever day the request names.
      answered(c, "first", c.req.valid("json"), async () => {
        const { availability, slotRequest } = await prepare(c, c.req.valid("json"), "window");
        const date = availability.firstAvailableDate(slotRequest);
        if (!date) return null;
        const [year, month, day] = date.split("-").map(Number) as [number, number, number];
        return { year, month, day, iso: date };
      }),
    );
}
