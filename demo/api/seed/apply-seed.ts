import type { Database, Queryable } from "../db/database.ts";
import { resolveFixtureDate } from "../dates.ts";
import { hashPassword } from "../passwords.ts";
import { PROVIDER_FIELDS } from "../providers/provider-fields.ts";
import { FixtureProblem, type FixtureProvider, type ParsedFixture } from "./fixture.ts";
import { onlinePaymentFields } from "./online-payment.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";

/**
 * Seeds `fixture` into an empty database (the demo start); a database that has providers
 * is left alone. Relative dates ("today+13") count from `now` in each provider's time zone.
 */
export async function seedIfEmpty(db: Database, parsed: ParsedFixture, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL must not both seed.
    await tx.query("SELECT pg_advisory_xact_lock(727275)");
    const [{ count }] = (await tx.query<{ count: number }>("SELECT count(*)::int AS count FROM providers")) as [{ count: number }];
    if (count > 0) return false;
    await insertFixture(tx, parsed, now);
    // The demo's back-office people: only here, never with providers:import.
    await seedDemoAccounts(tx, now);
    return true;
  });
}

/**
 * Adds a fixture's companies and booking pages to a database that may hold others
 * (npm run providers:import), all or nothing: a booking link that is taken already is a
 * FixtureProblem at its path, and nothing of the file is kept. A company that exists
 * already gets the new pages.
 */
export async function importProviders(db: Database, parsed: ParsedFixture, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727275)");
    for (const [companyIndex, company] of parsed.companies.entries()) {
      for (const [index, provider] of company.providers.entries()) {
        const taken = await tx.query("SELECT 1 FROM providers WHERE booking_link = $1", [provider.bookingLink]);
        if (taken.length > 0)
          throw new FixtureProblem(`companies.${companyIndex}.providers.${index}.bookingLink`, `"${provider.bookingLink}" exists already`);
      }
    }
    return insertFixture(tx, parsed, now);
  });
}

async function insertFixture(tx: Queryable, parsed: ParsedFixture, now: Date): Promise<string[]> {
  const links: string[] = [];
  for (const [companyIndex, company] of parsed.companies.entries()) {
    await tx.query("INSERT INTO companies (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", [company.id, company.name]);
    for (const [index, provider] of company.providers.entries()) {
      await insertProvider(tx, company.id, provider, `companies.${companyIndex}.providers.${index}`, now);
      links.push(provider.bookingLink);
    }
  }
  return links;
}

async function insertProvider(tx: Queryable, companyId: string, provider: FixtureProvider, where: string, now: Date): Promise<void> {
  const columns: string[] = ["company_id"];
  const values: unknown[] = [companyId];
  for (const [name, column] of PROVIDER_FIELDS) {
    const value = provider[name];
    if (value === undefined) continue;
    columns.push(column);
    values.push(value);
  }
  // The reminder's hours are the API's own setting, not in the spec's provider answer.
  if (provider.reminderHoursBefore !== undefined) {
    columns.push("reminder_hours_before");
    values.push(provider.reminderHoursBefore);
  }
  // Likewise the minimum notice (issue 42's scheduling rules) and where its money goes (issue 45).
  for (const [value, column] of [
    [provider.minimumNoticeMinutes, "minimum_notice_minutes"],
    [provider.stripeAccount, "stripe_account"],
    [provider.vippsMerchantSerialNumber, "vipps_msn"],
    [provider.platformFeePercent, "platform_fee_percent"],
    [provider.waitlist?.enabled, "waitlist_enabled"],
    [provider.waitlist?.offerMinutes, "waitlist_offer_minutes"],
    [provider.waitlist?.mode, "waitlist_mode"],
  ] as const) {
    if (value === undefined) continue;
    columns.push(column);
    values.push(value);
  }
  const placeholders = values.map((_, i) => `$${i + 1}`).join(", ");
  const [{ id: providerId }] = (await tx.query<{ id: number }>(
    `INSERT INTO providers (${columns.join(", ")}) VALUES (${placeholders}) RETURNING id`,
    values,
  )) as [{ id: number }];
  const zone = provider.timeZone ?? "Europe/Berlin";

  for (const hours of provider.openingHours) {
    await tx.query("INSERT INTO working_hours (provider_id, day_of_week, open_time, close_time) VALUES ($1, $2, $3, $4)", [
      providerId,
      hours.dayOfWeek,
      hours.open,
      hours.close,
    ]);
  }
  for (const vacation of provider.vacations) {
    await insertVacation(tx, providerId, null, vacation, zone, now);
  }

  const serviceIdsByTitle = new Map<string, number>();
  const serviceIdsByCategory = new Map<string, number[]>();
  let position = 0;
  for (const [categoryIndex, category] of provider.categories.entries()) {
    const [{ id: categoryId }] = (await tx.query<{ id: number }>(
      "INSERT INTO service_categories (provider_id, title, position) VALUES ($1, $2, $3) RETURNING id",
      [providerId, category.title, categoryIndex],
    )) as [{ id: number }];
    const inCategory: number[] = [];
    for (const service of category.services) {
      const online = onlinePaymentFields(service, provider.onlinePayment);
      const [{ id: serviceId }] = (await tx.query<{ id: number }>(
        `INSERT INTO services (provider_id, category_id, title, description, price, discount_price, disable_price,
           duration_in_minutes, service_duration_in_minutes, must_pay_online, pay_online_price,
           unavailable_for_online_booking, position, buffer_before_minutes, buffer_after_minutes, minimum_notice_minutes, capacity, series_every_weeks, series_max_occurrences)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id`,
        [
          providerId,
          categoryId,
          service.title,
          service.description,
          service.price,
          service.discountPrice ?? null,
          service.disablePrice,
          service.durationInMinutes,
          service.serviceDurationInMinutes ?? null,
          online.mustPayOnline,
          online.payOnlinePrice,
          service.unavailableForOnlineBooking,
          position++,
          service.bufferBeforeMinutes,
          service.bufferAfterMinutes,
          service.minimumNoticeMinutes ?? null,
          service.capacity,
          service.series?.everyWeeks ?? null,
          service.series?.maxOccurrences ?? null,
        ],
      )) as [{ id: number }];
      for (const [extraIndex, extra] of service.extras.entries()) {
        await tx.query(
          `INSERT INTO services (provider_id, parent_id, title, price, duration_in_minutes, position)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [providerId, serviceId, extra.title, extra.price, extra.durationInMinutes, extraIndex],
        );
      }
      serviceIdsByTitle.set(service.title, serviceId);
      inCategory.push(serviceId);
    }
    serviceIdsByCategory.set(category.title, [...(serviceIdsByCategory.get(category.title) ?? []), ...inCategory]);
  }

  for (const [staffIndex, member] of provider.staff.entries()) {
    const [{ id: staffId }] = (await tx.query<{ id: number }>(
      "INSERT INTO staff_members (provider_id, first_name, last_name, profile_picture_url, position) VALUES ($1, $2, $3, $4, $5) RETURNING id",
      [providerId, member.firstName, member.lastName, member.profilePictureUrl ?? null, staffIndex],
    )) as [{ id: number }];
    const offered = new Set<number>(member.allServices ? serviceIdsByTitle.values() : []);
    for (const title of member.categories) {
      const ids = serviceIdsByCategory.get(title);
      if (!ids) throw new FixtureProblem(`${where}.staff.${staffIndex}.categories`, `no category "${title}"`);
      for (const id of ids) offered.add(id);
    }
    for (const title of member.services) {
      const id = serviceIdsByTitle.get(title);
      if (id === undefined) throw new FixtureProblem(`${where}.staff.${staffIndex}.services`, `no service "${title}"`);
      offered.add(id);
    }
    for (const serviceId of offered) {
      await tx.query("INSERT INTO staff_services (staff_member_id, service_id) VALUES ($1, $2)", [staffId, serviceId]);
    }
    for (const vacation of member.vacations) await insertVacation(tx, providerId, staffId, vacation, zone, now);
    for (const { dayOfWeek, start, end } of member.breaks) {
      await tx.query("INSERT INTO staff_breaks (staff_member_id, day_of_week, start_time, end_time) VALUES ($1, $2, $3, $4)", [
        staffId,
        dayOfWeek,
        start,
        end,
      ]);
    }
    for (const { date, start, end } of member.pauses) {
      await tx.query("INSERT INTO staff_pauses (staff_member_id, pause_date, start_time, end_time) VALUES ($1, $2, $3, $4)", [
        staffId,
        resolveFixtureDate(date, zone, now),
        start,
        end,
      ]);
    }
  }

  for (const [index, field] of provider.customFields.entries()) {
    await tx.query("INSERT INTO custom_fields (provider_id, label, optional, position) VALUES ($1, $2, $3, $4)", [
      providerId,
      field.label,
      field.optional,
      index,
    ]);
  }

  for (const customer of provider.customers) {
    await tx.query(
      `INSERT INTO customer_accounts (provider_id, first_name, last_name, email_address, phone_number,
         phone_number_country_code, password_hash, phone_verified, verified)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [
        providerId,
        customer.firstName,
        customer.lastName,
        customer.emailAddress,
        customer.phoneNumber,
        customer.phoneNumberCountryCode,
        customer.password ? await hashPassword(customer.password) : null,
        customer.verified,
      ],
    );
  }
}

async function insertVacation(
  tx: Queryable,
  providerId: number,
  staffId: number | null,
  vacation: { from: string; to: string },
  zone: string,
  now: Date,
): Promise<void> {
  await tx.query("INSERT INTO vacation_days (provider_id, staff_member_id, from_date, to_date) VALUES ($1, $2, $3, $4)", [
    providerId,
    staffId,
    resolveFixtureDate(vacation.from, zone, now),
    resolveFixtureDate(vacation.to, zone, now),
  ]);
}
