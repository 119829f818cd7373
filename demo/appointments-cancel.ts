import { clockFromEnvironment } from "./api/clock.ts";
import { cancelByProvider } from "./api/bookings/cancel-appointment.ts";
import { migrate } from "./api/db/migrate.ts";
import { openDatabase } from "./api/db/open-database.ts";
import { outboxMessenger } from "./api/outbox/messenger.ts";
import { DEMO_SECRET, serverKeys } from "./api/secrets/server-keys.ts";

/**
 * `npm run appointments:cancel -- <appointment id>`: the provider cancels an appointment
 * (a stylist is ill, the place closes), whatever hoursToCancel says. What was paid online
 * for it goes back in full: the refund is made by the running server's refund worker,
 * and the customer is told of the cancel at once and of the refund when it is made
 * (through the outbox, sealed with API_SECRET: set the server's own; the demo's by
 * default). Runs against the server's database (DATABASE_URL, or the PGlite folder
 * DATA_DIR, default .data/), on the server's clock (FIXED_NOW when it stands still).
 */
async function main() {
  const id = Number(process.argv[2]);
  if (!Number.isInteger(id) || id < 1 || process.argv.length > 3) throw new Error("Usage: npm run appointments:cancel -- <appointment id>");
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || ".data" });
  try {
    await migrate(db);
    const messenger = outboxMessenger(serverKeys(process.env.API_SECRET || DEMO_SECRET));
    const { refund } = await cancelByProvider({ db, messenger }, id, clockFromEnvironment(process.env.FIXED_NOW).now());
    console.log(
      `Appointment ${id} is cancelled; the customer is told.` +
        (refund ? ` ${refund.amount.toFixed(2)} ${refund.currency} paid online goes back in full.` : " Nothing was paid online."),
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
