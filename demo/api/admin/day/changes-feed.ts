import type { AdminChanges } from "booking-widget/contract";
import type { Queryable } from "../../db/database.ts";
import type { AdminAccess } from "../admin-access.ts";
import { reachableStaff } from "./admin-reach.ts";
import { changedSince, changesCursor, staffNames } from "./day-queries.ts";

/** At most this many changes in one answer; more, and the calendar reads its view again. */
export const CHANGES_LIMIT = 200;

/**
 * GET /api/admin/changes?after=<cursor>: the appointments written since the cursor, for
 * an open calendar that polls every few seconds (a booking in the widget appears within
 * them). The cursor is the oldest transaction running when it was read (migration 035),
 * so a change may come twice but is never missed; the new cursor is taken before the
 * read for the same reason. `more`: more changed than listed, read the view again.
 */
export async function changesAfter(db: Queryable, admin: AdminAccess, after: string): Promise<AdminChanges> {
  const cursor = await changesCursor(db);
  const staff = reachableStaff(
    admin,
    (await staffNames(db, admin.providerId)).map((member) => member.id),
  );
  const rows = await changedSince(db, admin.providerId, after, staff, CHANGES_LIMIT);
  return { cursor, more: rows.length > CHANGES_LIMIT, changes: rows.slice(0, CHANGES_LIMIT) };
}
