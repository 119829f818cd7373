import * as v from "valibot";
import { ADMIN_PASSWORD, AdminEmailSchema } from "./session.ts";

/**
 * The back office's people (issue 59): invitations, password reset and the owner's
 * changes to a person, shared by its forms and the API. Every body is a strict object:
 * a key it does not name (an owner flag, another account's id) is refused, never merged.
 */
const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2147483647));
const bookingLink = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** The owner invites an e-mail address with a role, and the staff member they are (their "own" appointments). */
export const AdminInvitationSchema = v.strictObject({
  email: AdminEmailSchema,
  roleId: id,
  staffMemberId: v.optional(v.nullable(id), null),
});
export type AdminInvitation = v.InferOutput<typeof AdminInvitationSchema>;

/** The invited person's answer: the link's token (after # on the invitation page), their name and a password. */
export const AcceptInvitationSchema = v.strictObject({
  token: v.pipe(v.string(), v.minLength(20), v.maxLength(100)),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  password: ADMIN_PASSWORD,
});

/** Asks for a reset code by e-mail (answered the same whether or not the address has an account). */
export const AdminResetRequestSchema = v.strictObject({ bookingLink, email: AdminEmailSchema });

/** The e-mailed code and the new password. */
export const AdminResetSchema = v.strictObject({
  bookingLink,
  email: AdminEmailSchema,
  code: v.pipe(v.string(), v.regex(/^\d{5}$/, "must be the five digits from the e-mail")),
  newPassword: ADMIN_PASSWORD,
});

/** The owner's change to a person: another role and/or staff member (null: none). Never the owner flag. */
export const PersonChangeSchema = v.pipe(
  v.strictObject({ roleId: v.optional(id), staffMemberId: v.optional(v.nullable(id)) }),
  v.check((change) => change.roleId !== undefined || change.staffMemberId !== undefined, "must name a roleId or a staffMemberId"),
);

/** A person as the administration area lists them. */
export const PersonSchema = v.object({
  id: v.number(),
  email: v.string(),
  name: v.string(),
  owner: v.boolean(),
  roleId: v.nullable(v.number()),
  staffMemberId: v.nullable(v.number()),
  disabled: v.boolean(),
  pending: v.boolean(),
});
export type Person = v.InferOutput<typeof PersonSchema>;

/**
 * A WebAuthn answer from the browser (@simplewebauthn/browser's JSON). Not strict on
 * purpose: browsers add fields as the standard grows, and nothing of it is merged into a
 * row: the server verifies its signature and keeps only what it verified.
 */
const CredentialResponse = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(1400)),
  rawId: v.pipe(v.string(), v.maxLength(1400)),
  type: v.literal("public-key"),
  response: v.looseObject({ clientDataJSON: v.pipe(v.string(), v.maxLength(4000)) }),
});

/** A passkey registered by the signed-in person, with a name they recognise it by. */
export const PasskeyRegistrationSchema = v.strictObject({
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ""),
  response: CredentialResponse,
});

/** Sign-in with a passkey: the booking page asks for a challenge, then answers with the signed assertion. */
export const PasskeyOptionsSchema = v.strictObject({ bookingLink });
export const PasskeySignInSchema = v.strictObject({ bookingLink, response: CredentialResponse });
