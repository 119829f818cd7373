import { Hono } from "hono";
import type { Database } from "../db/database.ts";
import type { ReadRouting } from "../db/read-routing.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { oldestPendingSeconds } from "../outbox/outbox.ts";
import type { LoadShedding } from "../operations/load-shedding.ts";

/** How old the outbox's oldest pending message may be while the API says it is ready. */
export const OUTBOX_AGE_BOUND_SECONDS = 300;

/**
 * What a load balancer or an orchestrator asks (issue 30): GET /healthz, the process
 * answers; GET /readyz, it can serve: the database answers, every migration of this
 * code is applied, and the outbox's oldest pending message is younger than
 * OUTBOX_AGE_BOUND_SECONDS (else messages are not leaving). 503 names what is wrong.
 * With a read replica (DATABASE_READ_URL), `readReplica` says whether it is in use, and its lag.
 * While the process sheds load (issue 58), /readyz answers 503 "overloaded" at once, without
 * asking the database, so that a load balancer sends new visitors to another process.
 * Neither says anything about customers.
 */
export function healthRoutes(db: Database, replica?: Pick<ReadRouting, "status">, load?: Pick<LoadShedding, "status">) {
  return new Hono()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      const busy = load?.status();
      if (busy?.overloaded) return c.json({ status: "overloaded", inFlight: busy.inFlight, queued: busy.queued }, 503);
      const problems: string[] = [];
      try {
        const pending = await pendingMigrations(db);
        if (pending.length > 0) problems.push(`migrations not applied: ${pending.join(", ")}`);
        const age = await oldestPendingSeconds(db);
        if (age > OUTBOX_AGE_BOUND_SECONDS) problems.push(`the oldest pending message has waited ${Math.round(age)} s`);
        // A replica skipped (lagging or down) is said, not a reason to be unready: its reads go to the primary.
        const readReplica = replica && replica.status().state !== "none" ? { readReplica: replica.status() } : {};
        return c.json(
          problems.length
            ? { status: "unready", problems, ...readReplica }
            : { status: "ready", outboxOldestPendingSeconds: Math.round(age), ...readReplica },
          problems.length ? 503 : 200,
        );
      } catch (error) {
        return c.json({ status: "unready", problems: [`the database does not answer: ${(error as Error).message}`] }, 503);
      }
    });
}
