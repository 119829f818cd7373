import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedStart, type ServerExit, startServer } from "../support/start-server.ts";

// The server as `npm start` runs it, seeded from SEED_FILE instead of the demo data.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "bw-seed-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const studio = {
  companies: [
    {
      id: "studio",
      name: "Studio",
      providers: [
        {
          bookingLink: "test-studio",
          companyName: "Test Studio",
          language: "en",
          timeZone: "Europe/London",
          openingHours: [{ dayOfWeek: 1, open: "09:00", close: "12:00" }],
          categories: [{ title: "Nails", services: [{ title: "Manicure", durationInMinutes: 30, price: 25 }] }],
          staff: [{ firstName: "Pat", allServices: true }],
        },
      ],
    },
  ],
};

async function startWith(fixture: unknown) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, typeof fixture === "string" ? fixture : JSON.stringify(fixture, null, 2));
  return startServer({ SEED_FILE: file });
}

const startFailure = (fixture: unknown): Promise<ServerExit> => refusedStart(startWith(fixture));

// These start the real server: on a loaded machine that takes longer than an in-process test.
describe("SEED_FILE", { timeout: 60_000 }, () => {
  it("seeds the fixture instead of the demo data", async () => {
    const server = await startWith(studio);
    try {
      const provider = await (await fetch(`${server.url}/api/User/ByUser/test-studio`)).json();
      expect(provider).toMatchObject({ companyName: "Test Studio", timeZone: "Europe/London", language: "en" });
      const categories = await (await fetch(`${server.url}/api/Service/asAnonymous?userId=${provider.userId}`)).json();
      expect(categories[0].services[0]).toMatchObject({ title: "Manicure", price: 25 });
      expect((await fetch(`${server.url}/api/User/ByUser/demo-salon`)).status).toBe(404);
    } finally {
      server.stop();
    }
  });

  it("stops start-up with a message naming the bad field and its line", async () => {
    const broken = structuredClone(studio);
    (broken.companies[0]!.providers[0]!.categories[0]!.services[0] as { durationInMinutes: number }).durationInMinutes = 900;
    const line =
      JSON.stringify(broken, null, 2)
        .split("\n")
        .findIndex((text) => text.includes('"durationInMinutes": 900')) + 1;
    const failure = await startFailure(broken);
    expect(failure.code).toBe(1);
    expect(failure.output).toMatch(
      new RegExp(
        `refused, nothing of it was used:\\\\n  line ${line}, companies\\.0\\.providers\\.0\\.categories\\.0\\.services\\.0\\.durationInMinutes`,
      ),
    );
  });

  it("says when the file is not JSON or cannot be read", async () => {
    expect((await startFailure("{ nope")).output).toMatch(/\.json is not valid JSON/);
    const missing = await startServer({ SEED_FILE: join(dir, "missing.json") }).catch((e: ServerExit) => e);
    expect((missing as ServerExit).output).toMatch(/missing\.json cannot be read: ENOENT/);
  });
});
