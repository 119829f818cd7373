import type { KeepAnswer } from "../idempotency/idempotent.ts";
import { randomBytes, randomUUID } from "node:crypto";
import {
  type ParsedBookingRequest as BookingRequest,
  type CustomField,
  type Provider,
  todayIn,
  paymentMethodOf,
  VerificationType,
} from "booking-widget/contract";
import { customerByToken, unverifiedCustomerId } from "../customers/customer-accounts.ts";
import type { ApiDeps } from "../api-deps.ts";
import type { Database, Queryable } from "../db/database.ts";
import { networkOf } from "../client-address.ts";
import { limits, reserveAll } from "../limits/counted-limits.ts";
import { badRequest, refuse } from "../http-errors.ts";
import { dueForOccurrences, ONLINE_PRICE_SQL, type OnlinePrice } from "../payments/amount-due.ts";
import { paymentById } from "../payments/payment-row.ts";
import { gatewayOf, PAYMENT_TOKEN_CONTEXT } from "../payments/payments.ts";
import { customerFieldProblem } from "../customers/customer-fields.ts";
import { requestedSlot } from "../calendar/requested-slot.ts";
import { sendAppointmentNotice } from "../notices/send-receipt.ts";
import { assertUnpaidBookingAllowed, unpaidPhoneKey } from "./unpaid-bookings.ts";
import { reminderDueFor } from "../reminders/send-reminders.ts";
import { lockStaffCalendar } from "../calendar/staff-calendar-lock.ts";
import { takeOffer } from "../calendar/offer-holds.ts";
import { HeldByOther, isExclusionViolation } from "../calendar/taken-meanwhile.ts";
import { dropHold, heldByOthers, heldStaffMember } from "../calendar/hold-queries.ts";
import { holderOf } from "../secrets/holder.ts";
import { placeLeft, sessionOf } from "../calendar/group-places.ts";
import { planSeries } from "../calendar/series-plan.ts";

/** How long an unpaid booking of a must-pay-online service holds its slot. */
export const PAYMENT_HOLD_MINUTES = 15;

/** The keyed digest of the network address an unpaid booking came from (unpaid-bookings.ts counts by it). */
const BOOKED_FROM_CONTEXT = "booked-from";

/**
 * Books one appointment. Order of checks: what is wrong with the request itself (fields,
 * services, a time that is never bookable: 400), then verification (403), then
 * whether the time is still free (409). The database's exclusion constraint is
 * the final word: a slot taken between the check and the insert moves on to the next
 * free staff member, and answers "occupied" when none is left.
 */
export async function bookAppointment(
  deps: ApiDeps,
  provider: Provider,
  request: BookingRequest,
  { siteUrl, now, address, keepAnswer }: { siteUrl: string; now: Date; address: string; keepAnswer?: KeepAnswer | undefined },
) {
  const { db } = deps;
  const today = todayIn(provider.timeZone, now);
  const customFields = await db.query<CustomField>(
    "SELECT label, optional, '' AS value FROM custom_fields WHERE provider_id = $1 ORDER BY position",
    [provider.userId],
  );
  const problem = customerFieldProblem(provider, customFields, request, today);
  if (problem) badRequest(`Invalid booking: ${problem}`);

  // The visitor's own held time (held times extension) is free for them, and only for them.
  const holder = holderOf(deps.keys, request.holdToken);
  // 400 for services the page does not book online (requestedSlot, as for a hold and a move).
  const { offered, selection } = await requestedSlot(db, provider, request, now, undefined, holder);
  const services = await db.query<{ id: number; durationInMinutes: number } & OnlinePrice>(
    `SELECT s.id, s.duration_in_minutes AS "durationInMinutes", ${ONLINE_PRICE_SQL}
       FROM services s WHERE s.provider_id = $1 AND s.id = ANY($2::int[])`,
    [provider.userId, request.serviceBookings.flatMap((b) => [b.serviceId, ...(b.extraServiceIds ?? [])])],
  );

  // Verification: a booking page that verifies (or uses accounts) books only for a
  // customer whose proven contact is the one on the booking.
  const needsVerifiedCustomer = provider.useCustomerAccounts || provider.verificationType !== VerificationType.None;
  const customer = request.customerAccountIdentificationCode
    ? await customerByToken(db, deps.keys, provider.userId, request.customerAccountIdentificationCode)
    : undefined;
  if (needsVerifiedCustomer) {
    const contactMatches =
      customer &&
      (provider.verificationType !== VerificationType.Phone || (customer.phoneVerified && customer.phoneNumber === request.phoneNumber)) &&
      (provider.verificationType !== VerificationType.Email ||
        (customer.emailVerified && customer.emailAddress.toLowerCase() === request.emailAddress.trim().toLowerCase()));
    if (!contactMatches) refuse("verification-required");
  }

  if (!offered) refuse("occupied");

  // A series is with one staff member, free at every occurrence; one payment pays for them all.
  const series = request.series ? await planSeries(db, provider, request, request.series, offered, now, holder) : null;
  const times = [offered, ...(series?.slots ?? [])];
  const payment = await paymentFor(deps, provider, services, times.length, request.paymentId ?? null);
  const status = payment.due > 0 && !payment.paymentId ? "awaiting_payment" : "confirmed";
  const holdExpiresAt = status === "awaiting_payment" ? new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000) : null;
  // The proof that whoever starts a payment for this held booking is the one who made it.
  const paymentToken = status === "awaiting_payment" ? randomBytes(24).toString("hex") : null;
  await releaseLapsedHolds(db, provider.userId, now);

  const notifications = {
    smsReminder: request.smsReminder,
    smsReceipt: request.smsReceipt,
    emailReminder: request.emailReminder,
    emailReceipt: request.emailReceipt,
    whatsappReminder: request.whatsappReminder,
    whatsappReceipt: request.whatsappReceipt,
    signupNewsletter: request.signupNewsletter,
  };
  const reminderDue = await reminderDueFor(db, provider, offered.start, notifications, now);
  const heldStaff = await heldStaffMember(db, holder, offered.start, now);
  const seriesId = series ? randomUUID() : null;
  const answerOf = (ids: readonly number[], staffId: number) => ({
    id: ids[0]!,
    start: offered.start.toISOString(),
    end: offered.end.toISOString(),
    status,
    staffMemberId: staffId,
    ...(holdExpiresAt ? { holdExpiresAt: holdExpiresAt.toISOString(), paymentToken } : {}),
    ...(seriesId ? { seriesAppointmentIds: [...ids] } : {}),
  });
  const staffIds = [...(series?.staffIds ?? offered.staffIds)].sort((a, b) => Number(b === heldStaff) - Number(a === heldStaff));
  let offerTaken = false;
  for (const staffId of staffIds) {
    try {
      const ids = await db.transaction(async (tx) => {
        await lockStaffCalendar(tx, staffId);
        const customerId = customer?.id ?? (needsVerifiedCustomer ? null : await unverifiedCustomerId(tx, provider, request));
        const bookedFrom = status === "awaiting_payment" ? deps.keys.digest(BOOKED_FROM_CONTEXT, address) : null;
        if (bookedFrom) {
          const phone = unpaidPhoneKey(request.phoneNumberCountryCode, request.phoneNumber);
          await assertUnpaidBookingAllowed(tx, { customerId, phone, addressDigest: bookedFrom }, now);
        }
        // The booked time, and a series' later occurrences with it: all in this transaction, or none.
        const booked: number[] = [];
        for (const [index, slot] of times.entries()) {
          const session = sessionOf(selection, slot);
          // Held by another visitor since the check: as taken as a booked time.
          if (await heldByOthers(tx, staffId, slot.blocked.start, slot.blocked.end, now, holder, session)) throw new HeldByOther();
          // A group session's last place goes to one booking: counted under the session row's lock.
          if (session && !(await placeLeft(tx, staffId, session, selection.capacity, now, { holder }))) throw new HeldByOther();
          const [row] = await tx.query<{ id: number }>(
            `INSERT INTO appointments (provider_id, staff_member_id, customer_account_id, starts_at, ends_at, status,
               first_name, email_address, phone_number, phone_number_country_code, address, postal_code, city, ssn,
               date_of_birth, gender, comment, notifications, custom_fields, payment_id, hold_expires_at, payment_token_digest, booked_from_digest, reminder_due_at,
               blocked_from, blocked_until, session_key, series_id, series_position)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29)
             RETURNING id`,
            [
              provider.userId,
              staffId,
              customerId,
              slot.start,
              slot.end,
              status,
              request.firstName.trim(),
              request.emailAddress.trim(),
              request.phoneNumber,
              request.phoneNumberCountryCode,
              request.address,
              request.postalCode,
              request.city,
              request.ssn ?? "",
              request.dateOfBirth ?? null,
              request.gender ?? null,
              request.comment,
              JSON.stringify(notifications),
              JSON.stringify(request.customFields),
              payment.paymentId,
              holdExpiresAt,
              paymentToken ? deps.keys.digest(PAYMENT_TOKEN_CONTEXT, paymentToken) : null,
              bookedFrom,
              index === 0 ? reminderDue : await reminderDueFor(tx, provider, slot.start, notifications, now),
              slot.blocked.start,
              slot.blocked.end,
              session,
              seriesId,
              seriesId ? index + 1 : null,
            ],
          );
          for (const service of services) {
            await tx.query(
              "INSERT INTO appointment_services (appointment_id, service_id, price, duration_in_minutes) VALUES ($1, $2, $3, $4)",
              [row!.id, service.id, service.discountPrice ?? service.price, service.durationInMinutes],
            );
          }
          booked.push(row!.id);
        }
        // A page that verifies no one: a stranger's share of its days is bounded (every time of a series counts).
        if (!needsVerifiedCustomer) await countBookedFrom(tx, provider.userId, address, booked.length, now);
        await dropHold(tx, holder);
        // Booked with a waitlist offer's link (its secret is the hold token): the offer is used, its entry done.
        offerTaken = await takeOffer(tx, holder, offered.start, now);
        // One receipt, for the first; a series' receipt lists the others.
        if (status === "confirmed") await sendAppointmentNotice(tx, deps, provider, booked[0]!, siteUrl, now, "Receipt");
        // With an Idempotency-Key, its answer commits with the booking (idempotency/idempotent.ts).
        await keepAnswer?.(tx, 200, JSON.stringify(answerOf(booked, staffId)));
        return booked;
      });
      deps.metrics.bookings.inc({ event: status === "confirmed" ? "booked" : "awaiting-payment" });
      if (offerTaken) deps.metrics.waitlist.inc({ event: "taken" });
      return answerOf(ids, staffId);
    } catch (error) {
      if ((error as { code?: string } | null)?.code === "23505") refuse("payment-used");
      if (!isExclusionViolation(error) && !(error instanceof HeldByOther)) throw error;
      // Taken by a concurrent booking (or hold) since the check: try the next free person.
    }
  }
  refuse("occupied");
}

/**
 * What a booking's must-pay-online services ask for, for each of its occurrences (one, or
 * a series'). With a paymentId, the payment must be paid, in the page's currency, cover
 * the online price, and (unique index) not have paid for another live appointment: the
 * booking is then confirmed. Without one, the booking is held as awaiting_payment until a
 * payment for it succeeds.
 */
async function paymentFor(
  deps: ApiDeps,
  provider: Provider,
  services: readonly OnlinePrice[],
  occurrences: number,
  paymentId: string | null,
): Promise<{ due: number; paymentId: string | null }> {
  const due = dueForOccurrences(services, occurrences);
  if (due <= 0) return { due, paymentId: null };
  if (!paymentId) {
    // Held for a payment only where one can be made: the provider's method has a gateway here.
    const method = paymentMethodOf(provider.onlineTransactionProvider);
    if (!method || !deps.gateways[method]) refuse("no-payment-provider");
    return { due, paymentId: null };
  }
  const payment = (await paymentById(deps.db, paymentId)) ?? badRequest('Invalid booking field "paymentId": no such payment');
  if (payment.status !== "paid") refuse("payment-not-completed");
  // A payment counts only through a gateway this deployment has (never the demo's simulator in production).
  if (!gatewayOf(deps, payment)) badRequest('Invalid booking field "paymentId": not paid through this booking page\'s payment gateway');
  if (payment.providerId !== null && payment.providerId !== provider.userId)
    badRequest('Invalid booking field "paymentId": paid to another booking page');
  if (payment.currency !== provider.currency.toUpperCase() || payment.amount + 0.005 < due) {
    badRequest(`Invalid booking field "paymentId": the payment does not cover ${due.toFixed(2)} ${provider.currency}`);
  }
  return { due, paymentId: payment.id };
}

/** Counts appointments booked from an address in the booking's transaction: 429 too-many-bookings (all rolled back) past a limit. */
async function countBookedFrom(tx: Queryable, providerId: number, address: string, appointments: number, now: Date) {
  const page = String(providerId);
  await reserveAll(
    tx,
    [
      [limits.bookingsPerAddress, `${page} ${address}`],
      [limits.bookingsPerNetwork, `${page} ${networkOf(address)}`],
      [limits.bookingsPerAddressAnyPage, address],
    ],
    now,
    appointments,
  );
}

/** Unpaid holds whose time ran out give their slots back (status cancelled). */
async function releaseLapsedHolds(db: Database, providerId: number, now: Date) {
  await db.query(
    `UPDATE appointments SET status = 'cancelled', cancelled_at = $2, booked_from_digest = NULL
      WHERE provider_id = $1 AND status = 'awaiting_payment' AND hold_expires_at <= $2`,
    [providerId, now],
  );
}
