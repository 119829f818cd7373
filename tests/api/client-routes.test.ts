import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { routes } from "../../src/contract/routes.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Every path the widget calls is served by the reference API: none falls through to
// the catch-all "No such API route".
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

const methods: Record<keyof typeof routes, string> = {
  providerById: "GET",
  providerByName: "GET",
  customFields: "GET",
  companyPages: "GET",
  auditEntry: "POST",
  paymentInitiate: "POST",
  book: "POST",
  verificationCode: "POST",
  verify: "POST",
  availableHoursCache: "POST",
  availableHours: "POST",
  availableHoursMonth: "POST",
  firstAvailableHourDay: "POST",
  services: "GET",
  vacationDays: "GET",
  workingDays: "GET",
  staffCount: "GET",
  staff: "POST",
  cancelByCustomer: "POST",
  customerAccount: "POST",
  accountByPhone: "POST",
  accountByPhoneAndPassword: "POST",
  resetPassword: "POST",
  resetPasswordByCode: "POST",
  myPageLoginCode: "POST",
  accountByCode: "POST",
  fetchByToken: "GET",
  customerAppointments: "POST",
  changeAppointment: "PUT",
  paymentOutcome: "GET",
  hold: "POST",
  releaseHold: "POST",
  seriesPreview: "POST",
  cancelSeriesByCustomer: "POST",
  cancelSeriesPreview: "GET",
  waitlist: "POST",
  waitlistEntry: "DELETE",
  waitlistOffer: "GET",
  waitlistSettings: "GET",
};

describe("client routes", () => {
  it.each(Object.entries(routes))("%s is served", async (name, build) => {
    const path = (build as (...args: unknown[]) => string)("x1", 1, "41234567");
    const method = methods[name as keyof typeof routes];
    const response = method === "GET" ? await api.request(`/${path}`) : await api.sendJson(method, `/${path}`, {});
    const answer = (await response.json()) as { message?: string };
    expect(answer.message ?? "", `${method} ${path}`).not.toMatch(/No such API route/);
  });
});
