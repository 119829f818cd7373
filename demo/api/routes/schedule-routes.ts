import { Hono } from "hono";
import * as v from "valibot";
import { AuditEntry, todayIn } from "booking-widget/contract";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { IdText, validated, validatedBody } from "../http-errors.ts";
import { clientAddress, networkOf } from "../client-address.ts";
import { limits, reserveAll } from "../limits/counted-limits.ts";
import { requireProvider } from "../providers/provider-queries.ts";

/** serviceIds as the client sends them: "3,4,5" (or absent). */
const ServiceIdList = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^(\d{1,10}(,\d{1,10})*)?$/, "must be a comma-separated list of ids"),
    v.transform((text) => (text ? text.split(",").map(Number) : [])),
    v.check((ids) => ids.every((id) => id <= 2147483647), "has an id that is too large"),
  ),
  "",
);
const ScheduleQuery = v.object({ userId: IdText, serviceIds: ServiceIdList });

/**
 * VacationDays/asAnonymous, WorkingDays/all and AuditLog/asAnonymous/{userId}. Anyone
 * may post an audit entry, so entries are small (AUDIT_TEXT_MAX) and counted per
 * address, per network and per booking page a day.
 */
export function scheduleRoutes(db: Database, clock: Clock) {
  return new Hono()
    .get("/WorkingDays/all", validated("query", ScheduleQuery), async (c) => {
      const { userId } = c.req.valid("query");
      await requireProvider(db, userId);
      return c.json(
        await db.query(
          `SELECT day_of_week AS "dayOfWeek", to_char(open_time, 'HH24:MI') AS "openTime", to_char(close_time, 'HH24:MI') AS "closeTime"
             FROM working_hours WHERE provider_id = $1 ORDER BY day_of_week, open_time`,
          [userId],
        ),
      );
    })
    .get("/VacationDays/asAnonymous", validated("query", ScheduleQuery), async (c) => {
      const { userId, serviceIds } = c.req.valid("query");
      const provider = await requireProvider(db, userId);
      // Days the provider is closed, plus the vacations of the staff who offer the
      // chosen services (all staff when none are named); past periods are left out.
      return c.json(
        await db.query(
          `SELECT to_char(v.from_date, 'YYYY-MM-DD') AS "fromDate", to_char(v.to_date, 'YYYY-MM-DD') AS "toDate",
                  v.staff_member_id AS "staffMemberId"
             FROM vacation_days v
            WHERE v.provider_id = $1 AND v.to_date >= $2::date
              AND (v.staff_member_id IS NULL OR cardinality($3::int[]) = 0 OR
                   (SELECT count(*) FROM staff_services ss WHERE ss.staff_member_id = v.staff_member_id AND ss.service_id = ANY($3::int[])) = cardinality($3::int[]))
            ORDER BY v.from_date, v.id`,
          [userId, todayIn(provider.timeZone, clock.now()), serviceIds],
        ),
      );
    })
    .post(
      "/AuditLog/asAnonymous/:userId",
      validated("param", v.object({ userId: IdText })),
      validatedBody(AuditEntry, "audit entry"),
      async (c) => {
        const { userId } = c.req.valid("param");
        const entry = c.req.valid("json");
        await requireProvider(db, userId);
        const address = clientAddress(c);
        await reserveAll(
          db,
          [
            [limits.auditEntriesPerAddress, address],
            [limits.auditEntriesPerNetwork, networkOf(address)],
            [limits.auditEntriesPerProvider, String(userId)],
          ],
          clock.now(),
        );
        const [row] = await db.query<{ id: number }>(
          `INSERT INTO audit_log (provider_id, action, type, comment, message, hide_for_user) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [userId, entry.action, entry.type, entry.comment, entry.message, entry.hideForUser],
        );
        return c.json({ id: row!.id });
      },
    );
}
