import * as v from "valibot";
import { AdminEmailSchema } from "booking-widget/contract";
import { makeFirstOwner } from "./api/admin/people/first-owner.ts";
import { clockFromEnvironment } from "./api/clock.ts";
import { migrate } from "./api/db/migrate.ts";
import { openDatabase } from "./api/db/open-database.ts";
import { outboxMessenger } from "./api/outbox/messenger.ts";
import { DEMO_SECRET, serverKeys } from "./api/secrets/server-keys.ts";

/**
 * `npm run providers:owner -- <bookingLink> <email>`: makes the booking page's first
 * owner of its back office (issue 59), an account without a password, and e-mails them a
 * single-use invitation link (72 hours) to /{bookingLink}/admin/invitation, where they
 * choose their name and password. The link is built on PUBLIC_URL (the demo's
 * http://localhost:PORT without it); the e-mail leaves through the running server's
 * outbox, sealed with API_SECRET (set the server's own; the demo's by default). Runs
 * against the server's database (DATABASE_URL, or the PGlite folder DATA_DIR, default
 * .data/), on the server's clock (FIXED_NOW when it stands still).
 */
async function main() {
  const [bookingLink, emailText, ...rest] = process.argv.slice(2);
  const email = v.safeParse(AdminEmailSchema, emailText ?? "");
  if (!bookingLink || !email.success || rest.length > 0) throw new Error("Usage: npm run providers:owner -- <bookingLink> <email>");
  const siteUrl = (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 8080}`).replace(/\/$/, "");
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || ".data" });
  try {
    await migrate(db);
    const keys = serverKeys(process.env.API_SECRET || DEMO_SECRET);
    const now = clockFromEnvironment(process.env.FIXED_NOW).now();
    const { expiresAt } = await makeFirstOwner({ db, keys, messenger: outboxMessenger(keys) }, bookingLink, email.output, siteUrl, now);
    console.log(
      `${email.output} is the owner of ${bookingLink}'s back office. The invitation to choose a password is in the outbox; it works once, until ${expiresAt.toISOString()}.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
