import { afterAll } from "vitest";
import { startServer } from "../support/start-server.ts";
import { setBaseUrl } from "./base-url.ts";

// Each browser test file gets `npm start`'s server of its own (fresh in-memory database,
// clock at TEST_NOW): no file sees another's bookings, logins or lock-outs, so the
// files' order does not matter. Set up before the file's own code runs.
const server = await startServer({});
setBaseUrl(server.url);
afterAll(() => server.stop());
