import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { bookingPage, bookingRequest, dateParts, hoursFor } from "../support/booking-helpers.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Held times (demo/api/holds/README.md) on the clinic's Physiotherapy: its two therapists,
// anonymous bookings (no verification, so that the tests are about holds alone), one day's
// free times. The bindings are live: a test file calls useClinicHolds() at its top, and
// reads api, clinic, physio, day and times inside its tests.
export let api: TestApi;
export let clinic: Provider;
export let physio: Service;
export let day: string;
export let times: string[];

export function useClinicHolds() {
  beforeAll(async () => {
    api = await startTestApi({ trustedProxyHops: 1 });
    const page = await bookingPage(api, "demo-clinic");
    clinic = page.provider;
    physio = page.services.Physiotherapy!;
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    await api.reset();
    await api.db.query("UPDATE providers SET verification_type = 0 WHERE id = $1", [clinic.userId]);
    const hours = await hoursFor(api, clinic, physio);
    day = hours.iso;
    times = hours.hoursToBook.map((h) => h.backendLabel);
  });
}

/** A request as if from `address` (the test API trusts one proxy's X-Forwarded-For). */
export const post = (path: string, body: unknown, address = "198.51.100.7") =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
export const holdBody = (time: string, holdToken?: string, iso = day) => {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return {
    userId: clinic.userId,
    ...dateParts(iso),
    hour,
    minute,
    serviceBookings: [{ serviceId: physio.id }],
    ...(holdToken ? { holdToken } : {}),
  };
};
export const hold = async (time: string, options: { token?: string; address?: string } = {}) => {
  const response = await post("/Appointment/hold", holdBody(time, options.token), options.address);
  return {
    status: response.status,
    body: (await response.json()) as { holdToken: string; holdId: string; secondsLeft: number; expiresAt: string; message?: string },
    response,
  };
};
export const freeTimes = async (holdToken?: string) =>
  (await hoursFor(api, clinic, physio, holdToken ? { holdToken } : {}, day)).hoursToBook.map((h) => h.backendLabel);
export const book = (time: string, holdToken?: string, address?: string) =>
  post(`/Appointment?userId=${clinic.userId}`, bookingRequest(clinic, physio, day, time, holdToken ? { holdToken } : {}), address);
export const liveHolds = async () => (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM slot_holds"))[0]!.count;
