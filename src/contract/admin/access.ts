import * as v from "valibot";

/**
 * Who may do what in a provider's back office (spec §6, the admin form `accountrole` of
 * §3; issue 59). A role gives each of four areas a level; the owner has every area at
 * ReadWrite. The API decides by these on every admin route (demo/api/admin/); the back
 * office only hides what a role cannot do, and is never the check.
 */
export const AREAS = ["appointments", "settings", "statistics", "administration"] as const;
export type Area = (typeof AREAS)[number];

/** The spec's None, Read and ReadWrite, in order: a level allows every level below it. */
export const LEVELS = ["none", "read", "readWrite"] as const;
export type Level = (typeof LEVELS)[number];

/** Whose appointments a role reaches: the staff member's own, or everyone's. */
export const SCOPES = ["own", "all"] as const;
export type Scope = (typeof SCOPES)[number];

const levelSchema = v.picklist(LEVELS);

/** A role as the API sends it and takes it (strict: an unknown key is refused, never merged). */
export const RoleSchema = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
  appointments: levelSchema,
  settings: levelSchema,
  statistics: levelSchema,
  administration: levelSchema,
  /** Whose appointments (and their customers) the role reaches. */
  scope: v.picklist(SCOPES),
  /** Customers' phone numbers and e-mail addresses are hidden from this role. */
  hideContacts: v.boolean(),
});
export type Role = v.InferOutput<typeof RoleSchema>;

/** The owner's reach: every area at ReadWrite, everyone's appointments, every contact. */
export const OWNER_ROLE: Role = {
  name: "Owner",
  appointments: "readWrite",
  settings: "readWrite",
  statistics: "readWrite",
  administration: "readWrite",
  scope: "all",
  hideContacts: false,
};

/** Whether `role` reaches `level` in `area` (ReadWrite allows Read; None allows nothing). */
export function allows(role: Pick<Role, Area>, area: Area, level: Exclude<Level, "none">): boolean {
  return LEVELS.indexOf(role[area]) >= LEVELS.indexOf(level);
}
