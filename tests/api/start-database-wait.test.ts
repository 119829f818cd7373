import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { startDatabase } from "../../demo/api/start-database.ts";

// Issue 44 (noticed at the last stop): start-up waits for a database that does not answer,
// with a growing wait, for DATABASE_START_WAIT_SECONDS in all, instead of stopping at once
// (an orchestrator starts the API with its database; a failover takes seconds). The waits
// are the test's own: no real sleeping.

/** A loopback port nothing listens on: every connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("start-up and a database that does not answer", () => {
  it("asks again after 1, 2, 4 … seconds (at most 15) until the wait is spent, then stops with the database's words", async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
    const waits: number[] = [];
    const told: number[] = [];
    const started = startDatabase({
      databaseUrl: url,
      waitSeconds: 40,
      sleep: async (ms) => {
        waits.push(ms);
      },
      onWait: ({ attempt }) => told.push(attempt),
    });
    await expect(started).rejects.toThrow(/ECONNREFUSED/);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15_000, 10_000]);
    expect(told).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("with no wait (0), stops at the first refusal", async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;
    const waits: number[] = [];
    await expect(startDatabase({ databaseUrl: url, waitSeconds: 0, sleep: async (ms) => void waits.push(ms) })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    expect(waits).toEqual([]);
  });

  it("a problem that waiting cannot mend (a bad seed) stops start-up at once", async () => {
    const waits: number[] = [];
    await expect(
      startDatabase({ dataDir: ":memory:", seed: { companies: "none" }, waitSeconds: 60, sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toThrow(/companies/);
    expect(waits).toEqual([]);
  });
});
