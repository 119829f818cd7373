import { describe, expect, it, vi } from "vitest";
import type { Http } from "../../api/http.ts";
import { createStartedCalls } from "../../api/started-calls.ts";
import { staffKey } from "../staff/staff-key.ts";
import { providerToday } from "../../time/provider-today.ts";
import { defaultDate } from "../../calendar/calendar-model.ts";
import { dayHoursKey, monthHoursKey } from "../../calendar/hours-keys.ts";
import { customFieldsKey } from "../information/custom-fields-key.ts";
import { startCustomFieldsCall, startNextStepCalls } from "./next-step-calls.ts";
import { widgetPage } from "../../../tests/support/widget-builders.ts";

const provider = widgetPage({ userId: 7, timeZone: "Europe/Oslo", customerCanSelectStaff: true });
const serviceBookings = [{ serviceId: 3, extraServiceIds: [] }];

/** An API client whose calls answer `answer(path)` and are counted by path. */
function fakeApi(answer: (path: string) => Promise<unknown> = async (path) => ({ answerOf: path })) {
  const request = vi.fn((_schema: unknown, path: string) => answer(path));
  return { api: { quietHttp: { request } as unknown as Http, started: createStartedCalls() }, request };
}
const paths = (request: ReturnType<typeof fakeApi>["request"]) => request.mock.calls.map(([, path]) => path).sort();

describe("startNextStepCalls", () => {
  it("starts the staff list and the opening day's and month's hours under the keys the steps take them by", async () => {
    const { api, request } = fakeApi();
    const mutate = vi.fn();
    startNextStepCalls(api, mutate as never, { provider, serviceBookings, staffMemberId: null, firstAvailable: "2030-01-15" });
    expect(paths(request)).toEqual(["Appointment/availableHours", "Appointment/availableHours/month", "StaffMember/asAnonymous/7"]);

    const query = { provider, serviceBookings, staffMemberId: null };
    const unused = vi.fn(async () => "asked again");
    const staff = staffKey(7, serviceBookings);
    const day = dayHoursKey(query, "2030-01-15");
    const month = monthHoursKey(query, { year: 2030, month: 1 });
    // A step that opens while they are under way takes them.
    const taken = [staff, day, month].map((key) => api.started.take(key, unused));
    await expect(Promise.all(taken)).resolves.toEqual([
      { answerOf: "StaffMember/asAnonymous/7" },
      { answerOf: "Appointment/availableHours" },
      { answerOf: "Appointment/availableHours/month" },
    ]);
    expect(unused).not.toHaveBeenCalled();
    // Each answer is put in the element's SWR cache under the step's own key, unless the step has one already.
    expect(mutate.mock.calls.map(([key]) => key)).toEqual(expect.arrayContaining([staff, day, month]));
    const [, keep] = mutate.mock.calls[0]!;
    expect(keep("the step's own")).toBe("the step's own");
  });

  it("once answered, a prefetch is in the cache and a step that opens then asks afresh beside it", async () => {
    const { api } = fakeApi();
    const mutate = vi.fn();
    startNextStepCalls(api, mutate as never, { provider, serviceBookings, staffMemberId: null, firstAvailable: "2030-01-15" });
    await vi.waitFor(() => expect(mutate).toHaveBeenCalledTimes(3));
    const day = dayHoursKey({ provider, serviceBookings, staffMemberId: null }, "2030-01-15");
    await expect(api.started.take(day, async () => "the step's own")).resolves.toBe("the step's own");
  });

  it("starts the provider's custom fields under the information step's key", async () => {
    const { api, request } = fakeApi();
    const mutate = vi.fn();
    startCustomFieldsCall(api, mutate as never, 7);
    expect(paths(request)).toEqual(["CustomField/asAnonymous/7"]);
    await expect(api.started.take(customFieldsKey(7), async () => "asked again")).resolves.toEqual({
      answerOf: "CustomField/asAnonymous/7",
    });
    expect(mutate.mock.calls.map(([key]) => key)).toEqual([customFieldsKey(7)]);
  });

  it("for a staff member tapped: that one's hours and no staff list; a query with a hold is not matched", async () => {
    const { api, request } = fakeApi();
    startNextStepCalls(api, vi.fn() as never, { provider, serviceBookings, staffMemberId: 4, firstAvailable: "2030-01-15" });
    expect(paths(request)).toEqual(["Appointment/availableHours", "Appointment/availableHours/month"]);
    const [, , options] = request.mock.calls[0]! as unknown as [unknown, string, { body: { staffMemberId: number } }];
    expect(options.body.staffMemberId).toBe(4);
    const held = dayHoursKey({ provider, serviceBookings, staffMemberId: 4, holdToken: "h" }, "2030-01-15");
    await expect(api.started.take(held, async () => "asked for itself")).resolves.toBe("asked for itself");
  });

  it("a failed prefetch puts nothing in the cache, and the step asks again", async () => {
    const { api } = fakeApi(() => Promise.reject(new Error("offline")));
    const mutate = vi.fn();
    startNextStepCalls(api, mutate as never, { provider, serviceBookings, staffMemberId: 2, firstAvailable: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mutate).not.toHaveBeenCalled();
    const query = { provider, serviceBookings, staffMemberId: 2 };
    const opening = defaultDate(null, providerToday("Europe/Oslo"));
    await expect(api.started.take(dayHoursKey(query, opening), async () => "fresh")).resolves.toBe("fresh");
  });
});
