import { afterAll } from "vitest";
import { createTestDatabase, postgresUrlFromVitest } from "../support/postgres-database.ts";
import { startServer } from "../support/start-server.ts";
import { testSeedFile } from "../support/test-seed-file.ts";
import { setBaseUrl } from "./base-url.ts";

// Each browser test file gets `npm start`'s server of its own (a fresh database seeded
// with the tests' booking pages, clock at TEST_NOW): no file sees another's bookings,
// logins or lock-outs, so the files' order does not matter. The database is in-memory
// PGlite, or, where the run has a PostgreSQL (CI), a new database there (vite.config.ts).
// Set up before the file's own code runs.
const postgres = postgresUrlFromVitest();
const database = postgres ? await createTestDatabase(postgres) : null;
const server = await startServer({ SEED_FILE: testSeedFile(), ...(database ? { DATABASE_URL: database.url } : {}) });
setBaseUrl(server.url);
afterAll(async () => {
  await server.stopped();
  await database?.drop();
});
