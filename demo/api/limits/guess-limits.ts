import type { Context } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { clientAddress, networkOf } from "../client-address.ts";
import type { Queryable } from "../db/database.ts";
import { type Limit, limits, type Reservation, reserveAll } from "./counted-limits.ts";

/** What is guessed at one account: its password, or its three-digit My Page code. */
export type GuessedSecret = "password" | "my-page";

const KNOWN_ADDRESS_CONTEXT = "known-login-address";
/** How long an address the owner logged in from stays known. */
const KNOWN_FOR_DAYS = 90;

const GUESS_LIMITS: Record<GuessedSecret, { phoneAddress: Limit; phone: Limit; address: Limit; network: Limit }> = {
  password: {
    phoneAddress: limits.passwordPerAddress,
    phone: limits.passwordPerPhone,
    address: limits.passwordAnyPhonePerAddress,
    network: limits.passwordAnyPhonePerNetwork,
  },
  "my-page": {
    phoneAddress: limits.myPageCodePerAddress,
    phone: limits.myPageCodePerPhone,
    address: limits.myPageCodeAnyPhonePerAddress,
    network: limits.myPageCodeAnyPhonePerNetwork,
  },
};

const knownDigest = (deps: ApiDeps, providerId: number, phone: string, address: string) =>
  deps.keys.digest(KNOWN_ADDRESS_CONTEXT, `${providerId}:${phone}:${address}`);

/**
 * Counts one guess at the secret of (providerId, phone) before it is compared: per phone
 * and address, per address and per network over every phone (so moving between accounts
 * does not multiply a guesser's tries), and per phone from everywhere, except from an
 * address the phone's owner has logged in from (so guesses elsewhere never lock the
 * owner out at home). 429 beyond any; a right answer refunds them all (`refund`).
 */
export async function reserveGuess(
  deps: ApiDeps,
  c: Context,
  secret: GuessedSecret,
  providerId: number,
  phone: string,
  now: Date,
): Promise<Reservation> {
  const address = clientAddress(c);
  const limit = GUESS_LIMITS[secret];
  const known = await isKnownAddress(deps.db, knownDigest(deps, providerId, phone, address), now);
  return reserveAll(
    deps.db,
    [
      [limit.phoneAddress, `${providerId}:${phone}:${address}`],
      [limit.address, address],
      [limit.network, networkOf(address)],
      ...(known ? [] : [[limit.phone, `${providerId}:${phone}`] as const]),
    ],
    now,
  );
}

/** Remembers that the owner of (providerId, phone) logged in from the caller's address. */
export async function rememberLoginAddress(deps: ApiDeps, c: Context, providerId: number, phone: string, now: Date): Promise<void> {
  if (!phone) return;
  await deps.db.query(
    `INSERT INTO known_login_addresses (digest, seen_at) VALUES ($1, $2) ON CONFLICT (digest) DO UPDATE SET seen_at = excluded.seen_at`,
    [knownDigest(deps, providerId, phone, clientAddress(c)), now],
  );
}

async function isKnownAddress(db: Queryable, digest: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM known_login_addresses WHERE digest = $1 AND seen_at > $2::timestamptz - make_interval(days => $3)",
    [digest, now, KNOWN_FOR_DAYS],
  );
  return rows.length > 0;
}
