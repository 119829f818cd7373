import type { AdminPhoneBooking } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { placeLeft, sessionOf } from "../../calendar/group-places.ts";
import { heldByOthers } from "../../calendar/hold-queries.ts";
import { lockStaffCalendar } from "../../calendar/staff-calendar-lock.ts";
import { HeldByOther, isExclusionViolation } from "../../calendar/taken-meanwhile.ts";
import type { Queryable } from "../../db/database.ts";
import { badRequest, notFound, refuse } from "../../http-errors.ts";
import { sendAppointmentNotice } from "../../notices/send-receipt.ts";
import { requireProvider } from "../../providers/provider-queries.ts";
import { reminderDueFor } from "../../reminders/send-reminders.ts";
import type { AdminAccess } from "../admin-access.ts";
import { recordAdminChange } from "../audit/admin-audit.ts";
import { staffSlot, type StaffActionDeps } from "./appointment-actions.ts";
import { reachableStaffMember } from "./reachable-appointment.ts";

export interface PhoneBookingDeps extends StaffActionDeps, Pick<ApiDeps, "keys"> {}

interface Customer {
  id: number | null;
  name: string;
  phone: string;
  email: string;
  countryCode: number | null;
}

/**
 * The customer of a phone booking: an account of the provider's by its id (404 for
 * another's), or the one the typed phone number already has (its name and e-mail are
 * never overwritten), or a new account.
 */
async function customerFor(tx: Queryable, providerId: number, defaultCountryCode: number | null, customer: AdminPhoneBooking["customer"]) {
  if ("id" in customer) {
    const [row] = await tx.query<Customer>(
      `SELECT id, trim(first_name || ' ' || last_name) AS name, coalesce(phone_number, '') AS phone, email_address AS email,
              phone_number_country_code AS "countryCode"
         FROM customer_accounts WHERE id = $1 AND provider_id = $2`,
      [customer.id, providerId],
    );
    return row ?? notFound("No such customer");
  }
  await tx.query(
    `INSERT INTO customer_accounts (provider_id, first_name, email_address, phone_number, phone_number_country_code)
     VALUES ($1, $2, $3, $4, coalesce($5::int, 47)) ON CONFLICT (provider_id, phone_number) DO NOTHING`,
    [providerId, customer.name, customer.email, customer.phone, defaultCountryCode],
  );
  const [account] = await tx.query<{ id: number; countryCode: number | null }>(
    `SELECT id, phone_number_country_code AS "countryCode" FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2`,
    [providerId, customer.phone],
  );
  // The booking carries what was said on the phone; the account keeps its own.
  return { id: account!.id, name: customer.name, phone: customer.phone, email: customer.email, countryCode: account!.countryCode };
}

/**
 * A booking made by staff for a customer on the phone (issue 59). The engine's rules
 * hold (hours, breaks, buffers, group places; no minimum notice), the services are priced
 * by the server from the catalogue, and it is confirmed at once: verification and online
 * payment are for visitors of the widget. The receipt goes as for any booking.
 */
export async function bookForCustomer(deps: PhoneBookingDeps, admin: AdminAccess, booking: AdminPhoneBooking, siteUrl: string) {
  const now = deps.clock.now();
  const { db } = deps;
  await reachableStaffMember(db, admin, booking.staffMemberId);
  const provider = await requireProvider(db, admin.providerId);
  const start = new Date(booking.start);
  const { slot, selection } = await staffSlot(db, provider, now, booking.services, booking.staffMemberId, start);
  if (!slot) refuse("occupied");
  const services = await db.query<{ id: number; price: number; durationInMinutes: number }>(
    `SELECT id, coalesce(discount_price, price)::float8 AS price, duration_in_minutes AS "durationInMinutes"
       FROM services WHERE provider_id = $1 AND id = ANY($2::int[])`,
    [provider.userId, booking.services.flatMap((b) => [b.serviceId, ...b.extraServiceIds])],
  );
  // The catalogue refuses a negative price; a booking never carries one whatever the catalogue holds.
  if (services.some((service) => service.price < 0)) badRequest("A service of this booking has a negative price");
  const actor = await deps.actorName(db, admin);
  try {
    return await db.transaction(async (tx) => {
      await lockStaffCalendar(tx, booking.staffMemberId);
      const session = sessionOf(selection, slot);
      if (await heldByOthers(tx, booking.staffMemberId, slot.blocked.start, slot.blocked.end, now, undefined, session))
        throw new HeldByOther();
      if (session && !(await placeLeft(tx, booking.staffMemberId, session, selection.capacity, now))) throw new HeldByOther();
      const customer = await customerFor(tx, provider.userId, provider.defaultPhoneNumberCountryCode, booking.customer);
      // Receipts and reminders on the page's channels the customer can be reached on.
      const notifications = {
        smsReceipt: Boolean(customer.phone),
        smsReminder: Boolean(customer.phone),
        emailReceipt: Boolean(customer.email),
        emailReminder: Boolean(customer.email),
      };
      const reminderDue = await reminderDueFor(tx, provider, slot.start, notifications, now);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO appointments (provider_id, staff_member_id, customer_account_id, starts_at, ends_at, status, first_name,
           email_address, phone_number, phone_number_country_code, comment, notifications, reminder_due_at, blocked_from, blocked_until,
           session_key, created_at)
         VALUES ($1, $2, $3, $4, $5, 'confirmed', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
        [
          provider.userId,
          booking.staffMemberId,
          customer.id,
          slot.start,
          slot.end,
          customer.name,
          customer.email,
          customer.phone,
          customer.countryCode,
          booking.comment,
          JSON.stringify(notifications),
          reminderDue,
          slot.blocked.start,
          slot.blocked.end,
          session,
          now,
        ],
      );
      const id = row!.id;
      for (const service of services) {
        await tx.query(
          "INSERT INTO appointment_services (appointment_id, service_id, price, duration_in_minutes) VALUES ($1, $2, $3, $4)",
          [id, service.id, service.price, service.durationInMinutes],
        );
      }
      await sendAppointmentNotice(tx, deps, provider, id, siteUrl, now, "Receipt");
      await recordAdminChange(
        tx,
        admin,
        actor,
        {
          change: "appointment.create",
          appointmentId: id,
          details: { start: slot.start.toISOString(), staffMemberId: booking.staffMemberId, services: services.map((s) => s.id).join(",") },
        },
        now,
      );
      return id;
    });
  } catch (error) {
    if (isExclusionViolation(error) || error instanceof HeldByOther) refuse("occupied");
    throw error;
  }
}
