import { randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Context } from "hono";
import type { ApiDeps } from "../../api-deps.ts";
import { clientAddress } from "../../client-address.ts";
import type { Queryable } from "../../db/database.ts";
import { notFound, refuse } from "../../http-errors.ts";
import { limits, reserve } from "../../limits/counted-limits.ts";
import { siteUrlOf } from "../../site-url.ts";
import type { AdminAccess } from "../admin-access.ts";
import { recordAdminChange } from "../audit/admin-audit.ts";
import { actorName, providerById, providerByLink } from "./admin-accounts.ts";

/** How long a passkey challenge waits for the browser's answer. */
const CHALLENGE_MINUTES = 5;

/** The relying party is the site itself: its host (rpID) and origin, as PUBLIC_URL or the server's own origins name it. */
function relyingParty(deps: ApiDeps, c: Context) {
  const origin = new URL(siteUrlOf(c, deps.publicUrl, deps.ownOrigins)).origin;
  return { origin, rpID: new URL(origin).hostname };
}

async function storeChallenge(
  db: Queryable,
  deps: ApiDeps,
  purpose: "register" | "sign-in",
  providerId: number,
  accountId: number | null,
  now: Date,
): Promise<Uint8Array<ArrayBuffer>> {
  // Given to the library as bytes: the browser signs their base64url, which is what is kept (as a digest).
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = isoBase64URL.fromBuffer(bytes);
  await db.query(
    `INSERT INTO admin_passkey_challenges (challenge_hash, purpose, provider_id, account_id, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [
      deps.keys.digest("admin-passkey-challenge", challenge),
      purpose,
      providerId,
      accountId,
      new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    ],
  );
  return bytes;
}

/** Uses up the challenge the answer signed (once, live, for this purpose, page and person), or 400 passkey-challenge-expired. */
async function consumeChallenge(
  deps: ApiDeps,
  clientDataJSON: string,
  purpose: "register" | "sign-in",
  providerId: number,
  accountId: number | null,
  now: Date,
): Promise<string> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return refuse("passkey-challenge-expired");
  }
  const [used] = await deps.db.query(
    `UPDATE admin_passkey_challenges SET used_at = $5
      WHERE challenge_hash = $1 AND purpose = $2 AND provider_id = $3 AND account_id IS NOT DISTINCT FROM $4
        AND used_at IS NULL AND expires_at > $5
      RETURNING id`,
    [deps.keys.digest("admin-passkey-challenge", challenge ?? ""), purpose, providerId, accountId, now],
  );
  if (!used) refuse("passkey-challenge-expired");
  return challenge;
}

/** Options to register a passkey for the signed-in person (a discoverable one, with user verification). */
export async function registrationOptions(deps: ApiDeps, c: Context, admin: AdminAccess) {
  const now = deps.clock.now();
  const provider = await providerById(deps.db, admin.providerId);
  const [account] = await deps.db.query<{ email: string; name: string }>("SELECT email, name FROM admin_accounts WHERE id = $1", [
    admin.accountId,
  ]);
  const existing = await deps.db.query<{ credentialId: string; transports: AuthenticatorTransport[] }>(
    `SELECT credential_id AS "credentialId", transports FROM admin_passkeys WHERE account_id = $1`,
    [admin.accountId],
  );
  const { rpID } = relyingParty(deps, c);
  return generateRegistrationOptions({
    rpName: provider.name,
    rpID,
    userName: account!.email,
    userDisplayName: account!.name || account!.email,
    userID: new TextEncoder().encode(`admin-account-${admin.accountId}`),
    challenge: await storeChallenge(deps.db, deps, "register", admin.providerId, admin.accountId, now),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

/** Verifies and keeps the signed-in person's new passkey (its public key only); 400 passkey-invalid when it does not verify. */
export async function registerPasskey(
  deps: ApiDeps,
  c: Context,
  admin: AdminAccess,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<{ id: number; name: string }> {
  const now = deps.clock.now();
  const expectedChallenge = await consumeChallenge(
    deps,
    input.response.response.clientDataJSON,
    "register",
    admin.providerId,
    admin.accountId,
    now,
  );
  const { origin, rpID } = relyingParty(deps, c);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) refuse("passkey-invalid");
  const { credential } = verification.registrationInfo;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number; name: string }>(
      `INSERT INTO admin_passkeys (account_id, credential_id, public_key, counter, transports, name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (credential_id) DO NOTHING RETURNING id, name`,
      [
        admin.accountId,
        credential.id,
        isoBase64URL.fromBuffer(credential.publicKey),
        credential.counter,
        credential.transports ?? [],
        input.name,
        now,
      ],
    );
    if (!row) refuse("passkey-invalid");
    await recordAdminChange(
      tx,
      admin,
      await actorName(tx, admin.accountId),
      { change: "passkey.add", details: { passkeyId: row.id } },
      now,
    );
    return row;
  });
}

export const passkeysOf = (db: Queryable, accountId: number) =>
  db.query<{ id: number; name: string; createdAt: Date; lastUsedAt: Date | null }>(
    `SELECT id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt" FROM admin_passkeys WHERE account_id = $1 ORDER BY id`,
    [accountId],
  );

/** Removes one of the signed-in person's own passkeys (another's: 404). */
export async function removePasskey(deps: ApiDeps, admin: AdminAccess, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.query("DELETE FROM admin_passkeys WHERE id = $1 AND account_id = $2 RETURNING id", [id, admin.accountId]);
    if (!gone) notFound("No such passkey");
    await recordAdminChange(tx, admin, await actorName(tx, admin.accountId), { change: "passkey.remove", details: { passkeyId: id } }, now);
  });
}

/** A challenge to sign in at a booking page with a passkey (discoverable: the browser offers the person's own). */
export async function signInOptions(deps: ApiDeps, c: Context, bookingLink: string) {
  const now = deps.clock.now();
  // Each try counts until it signs in (challenges are rows: no flood of them from one address).
  await reserve(deps.db, limits.tokenPerAddress, clientAddress(c), now);
  const provider = await providerByLink(deps.db, bookingLink);
  if (!provider) notFound("No such booking page");
  return generateAuthenticationOptions({
    rpID: relyingParty(deps, c).rpID,
    challenge: await storeChallenge(deps.db, deps, "sign-in", provider.id, null, now),
    userVerification: "required",
  });
}

/**
 * Signs in with a passkey of an account of this page (not disabled): the signature over
 * the one-time challenge, by the key registered, with user verification, and a counter
 * that moved on (a step back is a cloned authenticator: refused). Answers the account.
 */
export async function passkeyHolder(
  deps: ApiDeps,
  c: Context,
  input: { bookingLink: string; response: AuthenticationResponseJSON },
): Promise<number> {
  const now = deps.clock.now();
  const provider = await providerByLink(deps.db, input.bookingLink);
  if (!provider) refuse("passkey-refused");
  const expectedChallenge = await consumeChallenge(deps, input.response.response.clientDataJSON, "sign-in", provider.id, null, now);
  const [passkey] = await deps.db.query<{
    id: number;
    accountId: number;
    publicKey: string;
    counter: string | number;
    transports: AuthenticatorTransport[];
  }>(
    `SELECT k.id, k.account_id AS "accountId", k.public_key AS "publicKey", k.counter, k.transports
       FROM admin_passkeys k JOIN admin_accounts a ON a.id = k.account_id AND a.provider_id = $2 AND a.disabled_at IS NULL
      WHERE k.credential_id = $1`,
    [input.response.id, provider.id],
  );
  if (!passkey) refuse("passkey-refused");
  const { origin, rpID } = relyingParty(deps, c);
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: input.response.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verification.verified || !verification.authenticationInfo) refuse("passkey-refused");
  const updated = await deps.db.query(
    // The counter only moves on (0 for authenticators that keep none): a replayed or cloned key's step back is refused.
    "UPDATE admin_passkeys SET counter = $2, last_used_at = $3 WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id",
    [passkey.id, verification.authenticationInfo.newCounter, now],
  );
  if (updated.length === 0) refuse("passkey-refused");
  return passkey.accountId;
}
