import { HTTPException } from "hono/http-exception";
import type { Queryable } from "../db/database.ts";

export type LoginKind = "password" | "my-page" | "verify";

const MAX_FAILURES = 5;
const WINDOW_MINUTES = 15;

interface Subject {
  providerId: number;
  kind: LoginKind;
  /** The phone number being logged in with (verify: the client's address). */
  subject: string;
}

/**
 * 429 while `subject` has failed MAX_FAILURES times within the window: a three-digit
 * My Page code or a password cannot be guessed by trying them all.
 */
export async function assertNotLockedOut(db: Queryable, { providerId, kind, subject }: Subject, now: Date): Promise<void> {
  const [row] = await db.query<{ locked: boolean }>(
    `SELECT failures >= $4 AND window_started_at > $6::timestamptz - make_interval(mins => $5) AS locked
       FROM login_failures WHERE provider_id = $1 AND kind = $2 AND subject = $3`,
    [providerId, kind, subject, MAX_FAILURES, WINDOW_MINUTES, now],
  );
  if (row?.locked) {
    throw new HTTPException(429, { message: `Too many failed attempts. Try again in ${WINDOW_MINUTES} minutes.` });
  }
}

/** Counts one failure; a window that has run out starts again. */
export async function recordLoginFailure(db: Queryable, { providerId, kind, subject }: Subject, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO login_failures (provider_id, kind, subject, failures, window_started_at) VALUES ($1, $2, $3, 1, $5)
     ON CONFLICT (provider_id, kind, subject) DO UPDATE SET
       failures = CASE WHEN login_failures.window_started_at > $5::timestamptz - make_interval(mins => $4)
                       THEN login_failures.failures + 1 ELSE 1 END,
       window_started_at = CASE WHEN login_failures.window_started_at > $5::timestamptz - make_interval(mins => $4)
                                THEN login_failures.window_started_at ELSE $5 END`,
    [providerId, kind, subject, WINDOW_MINUTES, now],
  );
}

export async function clearLoginFailures(db: Queryable, { providerId, kind, subject }: Subject): Promise<void> {
  await db.query("DELETE FROM login_failures WHERE provider_id = $1 AND kind = $2 AND subject = $3", [providerId, kind, subject]);
}
