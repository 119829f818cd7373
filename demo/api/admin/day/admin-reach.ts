import type { AdminAccess } from "../admin-access.ts";

/**
 * What a role reaches of a provider's day (spec §6's scope and hidden contacts). The
 * routes ask these; every answer goes through them, so no route can show a contact or
 * another's column by forgetting.
 */

/** The staff members whose appointments `admin` sees, of the provider's: all, or their own (none when they are no staff member). */
export function reachableStaff(admin: Pick<AdminAccess, "role" | "staffMemberId">, staffIds: readonly number[]): number[] {
  if (admin.role.scope === "all") return [...staffIds];
  return staffIds.filter((id) => id === admin.staffMemberId);
}

/** Whether `admin` reaches one staff member's appointments. */
export const reachesStaff = (admin: Pick<AdminAccess, "role" | "staffMemberId">, staffMemberId: number) =>
  admin.role.scope === "all" || admin.staffMemberId === staffMemberId;

/** The object without `phone` and `email` for a role that hides contacts (the keys go, not only their values). */
export function shownContacts<T extends { phone?: string | undefined; email?: string | undefined }>(
  admin: Pick<AdminAccess, "role">,
  value: T,
): T {
  if (!admin.role.hideContacts) return value;
  const { phone: _phone, email: _email, ...rest } = value;
  return rest as T;
}
