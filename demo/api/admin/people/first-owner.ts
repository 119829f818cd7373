import type { Database } from "../../db/database.ts";
import type { Messenger } from "../../outbox/messenger.ts";
import type { ServerKeys } from "../../secrets/server-keys.ts";
import { recordAdminChange } from "../audit/admin-audit.ts";
import { accountByEmail, providerByLink } from "../auth/admin-accounts.ts";
import { sendInvitation } from "./admin-invitations.ts";

/**
 * `npm run providers:owner`: makes a page's first owner, an account without a password,
 * and e-mails them the invitation that sets it (demo/providers-owner.ts). An address
 * that has an account at the page already is refused: the command never sets or resets
 * anyone's password, and never turns a person into an owner.
 */
export async function makeFirstOwner(
  deps: { db: Database; keys: ServerKeys; messenger: Messenger },
  bookingLink: string,
  email: string,
  siteUrl: string,
  now: Date,
): Promise<{ accountId: number; expiresAt: Date }> {
  const provider = await providerByLink(deps.db, bookingLink);
  if (!provider) throw new Error(`No booking page "${bookingLink}"`);
  if (await accountByEmail(deps.db, provider.id, email))
    throw new Error(`${email} has an account at ${bookingLink} already: they sign in (or reset their password) there`);
  return deps.db.transaction(async (tx) => {
    const [account] = await tx.query<{ id: number }>(
      "INSERT INTO admin_accounts (provider_id, email, owner, created_at) VALUES ($1, $2, true, $3) RETURNING id",
      [provider.id, email, now],
    );
    const sent = await sendInvitation(
      tx,
      deps,
      provider,
      { email, roleId: null, staffMemberId: null, accountId: account!.id, invitedBy: null },
      siteUrl,
      now,
    );
    await recordAdminChange(
      tx,
      { providerId: provider.id, accountId: account!.id },
      "npm run providers:owner",
      { change: "person.owner", details: { personId: account!.id, invitationId: sent.id } },
      now,
    );
    return { accountId: account!.id, expiresAt: sent.expiresAt };
  });
}
