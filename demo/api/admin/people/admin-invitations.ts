import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { ApiDeps } from "../../api-deps.ts";
import { clientAddress } from "../../client-address.ts";
import type { Queryable } from "../../db/database.ts";
import { notFound, refuse } from "../../http-errors.ts";
import { limits, reserve } from "../../limits/counted-limits.ts";
import type { Messenger } from "../../outbox/messenger.ts";
import { hashPassword } from "../../passwords.ts";
import type { ServerKeys } from "../../secrets/server-keys.ts";
import type { AdminAccess } from "../admin-access.ts";
import { recordAdminChange } from "../audit/admin-audit.ts";
import { accountByEmail, type AdminProvider, providerById } from "../auth/admin-accounts.ts";
import { invitationMessage } from "../auth/admin-messages.ts";

/** How long an invitation link works: a weekend and a day, as Square's and Fresha's do (72 h). */
export const INVITATION_HOURS = 72;

const tokenHash = (keys: ServerKeys, token: string) => keys.digest("admin-invitation", token);

/** Where the link leads: the back office's page, the token after # (never sent to the server in a request line or a log). */
export const invitationLink = (siteUrl: string, bookingLink: string, token: string) =>
  `${siteUrl}/${bookingLink}/admin/invitation#${token}`;

/**
 * Stores an invitation (its token only as a keyed digest) and e-mails its link, in the
 * caller's transaction. `accountId`: the owner command's account, made without a password.
 */
export async function sendInvitation(
  tx: Queryable,
  { keys, messenger }: { keys: ServerKeys; messenger: Messenger },
  provider: AdminProvider,
  invitation: { email: string; roleId: number | null; staffMemberId: number | null; accountId: number | null; invitedBy: number | null },
  siteUrl: string,
  now: Date,
): Promise<{ id: number; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3_600_000);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO admin_invitations (provider_id, email, role_id, staff_member_id, account_id, token_hash, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      provider.id,
      invitation.email,
      invitation.roleId,
      invitation.staffMemberId,
      invitation.accountId,
      tokenHash(keys, token),
      invitation.invitedBy,
      now,
      expiresAt,
    ],
  );
  const link = invitationLink(siteUrl, provider.bookingLink, token);
  await messenger.send(
    tx,
    { channel: "email", to: invitation.email, ...invitationMessage(provider.language, provider.name, link, INVITATION_HOURS) },
    now,
  );
  return { id: row!.id, expiresAt };
}

/** The role and staff member must be the provider's own: another provider's id is 404, as if it did not exist. */
export async function requireRoleAndStaff(db: Queryable, providerId: number, roleId: number | null, staffMemberId: number | null) {
  if (
    roleId !== null &&
    (await db.query("SELECT 1 FROM admin_roles WHERE id = $1 AND provider_id = $2", [roleId, providerId])).length === 0
  )
    notFound("No such role");
  if (
    staffMemberId !== null &&
    (await db.query("SELECT 1 FROM staff_members WHERE id = $1 AND provider_id = $2", [staffMemberId, providerId])).length === 0
  )
    notFound("No such staff member");
}

/** The owner invites an e-mail address with a role (and the staff member they are). An address with an account here: 409, it signs in. */
export async function invitePerson(
  deps: ApiDeps,
  admin: AdminAccess,
  actor: string,
  input: { email: string; roleId: number; staffMemberId: number | null },
  siteUrl: string,
) {
  const now = deps.clock.now();
  await requireRoleAndStaff(deps.db, admin.providerId, input.roleId, input.staffMemberId);
  if (await accountByEmail(deps.db, admin.providerId, input.email)) refuse("admin-account-exists");
  const provider = await providerById(deps.db, admin.providerId);
  return deps.db.transaction(async (tx) => {
    const sent = await sendInvitation(tx, deps, provider, { ...input, accountId: null, invitedBy: admin.accountId }, siteUrl, now);
    await recordAdminChange(
      tx,
      admin,
      actor,
      { change: "person.invite", details: { invitationId: sent.id, roleId: input.roleId, staffMemberId: input.staffMemberId } },
      now,
    );
    return { id: sent.id, email: input.email, expiresAt: sent.expiresAt.toISOString() };
  });
}

/**
 * Accepts an invitation: one use, before it runs out (410 each, 404 for no such link;
 * wrong links counted per address). A new account gets the name and password; the owner
 * command's account gets them only while it has no password. An address that has an
 * account here already is asked to sign in: the invitation never sets its password.
 * Answers the account, to sign in.
 */
export async function acceptInvitation(
  deps: ApiDeps,
  c: Context,
  input: { token: string; name: string; password: string },
): Promise<{ accountId: number; providerId: number }> {
  const { db, keys } = deps;
  const now = deps.clock.now();
  const reservation = await reserve(db, limits.tokenPerAddress, clientAddress(c), now);
  const [invitation] = await db.query<{
    id: number;
    providerId: number;
    email: string;
    roleId: number | null;
    staffMemberId: number | null;
    accountId: number | null;
    expiresAt: Date | string;
    usedAt: Date | string | null;
  }>(
    `SELECT id, provider_id AS "providerId", email, role_id AS "roleId", staff_member_id AS "staffMemberId", account_id AS "accountId",
            expires_at AS "expiresAt", used_at AS "usedAt"
       FROM admin_invitations WHERE token_hash = $1`,
    [tokenHash(keys, input.token)],
  );
  if (!invitation) refuse("invitation-unknown");
  await reservation.refund(db);
  if (invitation.usedAt !== null) refuse("invitation-used");
  if (new Date(invitation.expiresAt) <= now) refuse("invitation-expired");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx.query("UPDATE admin_invitations SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id", [
      invitation.id,
      now,
    ]);
    if (!taken) refuse("invitation-used");
    const [account] = invitation.accountId
      ? await tx.query<{ id: number }>(
          "UPDATE admin_accounts SET name = $2, password_hash = $3 WHERE id = $1 AND password_hash IS NULL RETURNING id",
          [invitation.accountId, input.name, passwordHash],
        )
      : await tx.query<{ id: number }>(
          `INSERT INTO admin_accounts (provider_id, email, name, password_hash, role_id, staff_member_id, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (provider_id, lower(email)) DO NOTHING RETURNING id`,
          [invitation.providerId, invitation.email, input.name, passwordHash, invitation.roleId, invitation.staffMemberId, now],
        );
    if (!account) refuse("admin-account-exists");
    await recordAdminChange(
      tx,
      { providerId: invitation.providerId, accountId: account.id },
      input.name,
      { change: "person.join", details: { invitationId: invitation.id } },
      now,
    );
    return { accountId: account.id, providerId: invitation.providerId };
  });
}
