import { afterAll } from "vitest";
import { startServer } from "../support/start-server.ts";
import { testSeedFile } from "../support/test-seed-file.ts";
import { setBaseUrl } from "./base-url.ts";

// Each browser test file gets `npm start`'s server of its own (fresh in-memory database
// seeded with the tests' booking pages, clock at TEST_NOW): no file sees another's
// bookings, logins or lock-outs, so the files' order does not matter. Set up before the
// file's own code runs.
const server = await startServer({ SEED_FILE: testSeedFile() });
setBaseUrl(server.url);
afterAll(() => server.stop());
