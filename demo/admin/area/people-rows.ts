import type { Person } from "booking-widget/contract";

/** A staff member by id and name (the page's own: the widget's public list). */
export interface StaffName {
  id: number;
  name: string;
}

/** One row of the people table: the person with their role's and staff member's names looked up. */
export interface PersonRow {
  id: number;
  name: string;
  email: string;
  /** The role's name; null: no role (an owner has every area, whatever role_id says). */
  roleName: string | null;
  roleId: number | null;
  staffName: string | null;
  staffMemberId: number | null;
  owner: boolean;
  disabled: boolean;
  /** Invited, the invitation not yet accepted: no name or password yet. */
  pending: boolean;
}

/**
 * The people as the table shows them: an unknown role or staff id (deleted meanwhile)
 * reads as "#id", so the table never hides that a person has one.
 */
export function personRows(
  people: readonly Person[],
  roles: readonly { id: number; name: string }[],
  staff: readonly StaffName[],
): PersonRow[] {
  const roleName = (id: number | null) => (id === null ? null : (roles.find((role) => role.id === id)?.name ?? `#${id}`));
  const staffName = (id: number | null) => (id === null ? null : (staff.find((member) => member.id === id)?.name ?? `#${id}`));
  return people.map((person) => ({
    id: person.id,
    name: person.name,
    email: person.email,
    roleName: person.owner ? null : roleName(person.roleId),
    roleId: person.roleId,
    staffName: staffName(person.staffMemberId),
    staffMemberId: person.staffMemberId,
    owner: person.owner,
    disabled: person.disabled,
    pending: person.pending,
  }));
}

/**
 * What the signed-in person may do to a row (the API decides; this only hides what it
 * would refuse): administration ReadWrite changes people; only an owner touches an owner,
 * and an owner's role is fixed; no one disables or signs out themselves from here.
 */
export function rowActions(row: PersonRow, me: { accountId: number; owner: boolean; canWrite: boolean }) {
  const reachable = me.canWrite && row.id !== me.accountId && (!row.owner || me.owner) && !row.disabled;
  return { change: reachable && !row.owner, disable: reachable, endSessions: reachable && !row.pending };
}
