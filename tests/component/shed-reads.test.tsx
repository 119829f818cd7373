import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_NOW } from "../support/test-clock.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 58: the widget under a shedding API. A read the API turns away (503 overloaded or
// service unavailable, 429 too many reads) is asked again after its Retry-After, twice at
// most, then told in the visitor's language with Try again: never a blank step. A write is
// never asked again by the client (keyed-call.ts repeats the bookings it may).
const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

const BUSY = "The booking service is busy. Please try again in a moment.";

/**
 * The widget's calls ("METHOD path"), every one of those `shed` names answered with its
 * status, refusal code and Retry-After while it has turns left (`times`; Infinity: until
 * `open()`); everything else goes to the reference API.
 */
function sheddingFetch(shed: { call: RegExp; status: 503 | 429; code: string; retryAfter?: string; times: number }) {
  const calls: string[] = [];
  let left = shed.times;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const call = `${request.method} ${new URL(request.url).pathname.replace(/^\/api\//, "")}`;
    calls.push(call);
    if (shed.call.test(call) && left > 0) {
      left -= 1;
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (shed.retryAfter !== undefined) headers["Retry-After"] = shed.retryAfter;
      return new Response(JSON.stringify({ message: "busy", code: shed.code }), { status: shed.status, headers });
    }
    return api().fetch(request);
  };
  return {
    fetch,
    asked: () => calls.filter((call) => shed.call.test(call)).length,
    open: () => {
      left = 0;
    },
    /** Sheds the next `times` calls it names. */
    shedNext: (times: number) => {
      left = times;
    },
  };
}

/** Waits for `check` while the timers (the client's waits) move on, a quarter second at each look. */
const whileTimePasses = <T,>(check: () => T) =>
  vi.waitFor(
    () => {
      act(() => vi.advanceTimersByTime(250));
      return check();
    },
    { timeout: 10_000, interval: 20 },
  );

/** The alert that says the API is busy, and its Try again. */
const busyAlert = (text = BUSY) => screen.getAllByRole("alert").find((alert) => alert.textContent?.includes(text))!;

const DAY_HOURS = /^POST Appointment\/availableHours$/;
const MONTH = /^POST Appointment\/availableHours\/month$/;

async function toTheHours() {
  await user.click(await screen.findByRole("button", { name: "Men's haircut" }));
  await user.click(screen.getByRole("button", { name: "Continue (1)" }));
  await user.click(await screen.findByRole("button", { name: /^Any staff member/ }, { timeout: 10_000 }));
}
const hourButtons = () =>
  within(screen.getByRole("region", { name: /^Hours on / })).getAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ });

beforeEach(() => {
  // The client's waits on timers the test moves; Date stands at TEST_NOW as it moves with them.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: TEST_NOW, shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ["Date"], now: TEST_NOW });
});

describe("a read the API sheds (issue 58)", () => {
  it("a 503 then an answer on a day's hours: asked again after its Retry-After, the hours show", async () => {
    const api = sheddingFetch({ call: DAY_HOURS, status: 503, code: "overloaded", retryAfter: "1", times: 0 });
    renderWidget({ company: "demo-salon", fetch: api.fetch });
    await toTheHours();
    const calendar = await screen.findByRole("grid", { name: "Choose a date" });
    const otherDay = await whileTimePasses(
      () => within(calendar).getAllByRole("button", { name: /times? available$/, pressed: false })[0]!,
    );
    // Another day's hours: asked by the step alone (no prefetch to fall back on), shed once.
    api.shedNext(1);
    const before = api.asked();
    const firstDay = screen.getByRole("region", { name: /^Hours on / }).getAttribute("aria-label");
    await user.click(otherDay);
    await whileTimePasses(() => {
      expect(screen.getByRole("region", { name: /^Hours on / }).getAttribute("aria-label")).not.toBe(firstDay);
      expect(hourButtons().length).toBeGreaterThan(0);
    });
    expect(api.asked() - before).toBe(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("three 503s on the day's hours: the busy message with Try again, and Try again shows the hours", async () => {
    const api = sheddingFetch({ call: DAY_HOURS, status: 503, code: "service-unavailable", times: Number.POSITIVE_INFINITY });
    renderWidget({ company: "demo-salon", fetch: api.fetch });
    await toTheHours();
    const alert = await whileTimePasses(() => busyAlert());
    // Each ask (the tap's prefetch, the step's own) three times at most; then nothing more, however long.
    const asked = api.asked();
    expect(asked % 3).toBe(0);
    act(() => vi.advanceTimersByTime(60_000));
    expect(api.asked()).toBe(asked);
    api.open();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await whileTimePasses(() => expect(hourButtons().length).toBeGreaterThan(0));
    expect(screen.queryByText(BUSY)).toBeNull();
  });

  it("three 429s (too many reads) on the month: the calendar says so with Try again, and Try again marks its days", async () => {
    const api = sheddingFetch({ call: MONTH, status: 429, code: "too-many-reads", retryAfter: "1", times: Number.POSITIVE_INFINITY });
    renderWidget({ company: "demo-salon", fetch: api.fetch });
    await toTheHours();
    const alert = await whileTimePasses(() => busyAlert());
    expect(api.asked() % 3).toBe(0);
    // The day's hours came: only the month's markers are missing.
    expect(hourButtons().length).toBeGreaterThan(0);
    const calendar = screen.getByRole("grid", { name: "Choose a date" });
    const marked = () => within(calendar).queryAllByRole("button", { name: /times? available$/ }).length;
    // The day shown only (its hours came on their own).
    expect(marked()).toBeLessThanOrEqual(1);
    api.open();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await whileTimePasses(() => expect(marked()).toBeGreaterThan(1));
    expect(screen.queryByText(BUSY)).toBeNull();
  });

  it("the day's hours and the month both shed: one message, whose Try again brings both", async () => {
    const api = sheddingFetch({
      call: /^POST Appointment\/availableHours(\/month)?$/,
      status: 503,
      code: "overloaded",
      times: Number.POSITIVE_INFINITY,
    });
    renderWidget({ company: "demo-salon", fetch: api.fetch });
    await toTheHours();
    const alert = await whileTimePasses(() => busyAlert());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getAllByText(BUSY)).toHaveLength(1);
    api.open();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    const calendar = screen.getByRole("grid", { name: "Choose a date" });
    await whileTimePasses(() => {
      expect(hourButtons().length).toBeGreaterThan(0);
      expect(within(calendar).getAllByRole("button", { name: /times? available$/ }).length).toBeGreaterThan(1);
    });
    expect(screen.queryByText(BUSY)).toBeNull();
  });

  it("a long wait (a 429 asking for 40 s) is said at once, with its minutes, not waited out behind a spinner", async () => {
    const api = sheddingFetch({ call: MONTH, status: 429, code: "too-many-reads", retryAfter: "40", times: Number.POSITIVE_INFINITY });
    renderWidget({ company: "demo-salon", fetch: api.fetch });
    await toTheHours();
    const text = "The booking service is busy. Please try again in 1 minute.";
    await screen.findByText(text, {}, { timeout: 10_000 });
    // Asked once by the tap's prefetch and once by the step: never again by itself.
    expect(api.asked()).toBeLessThanOrEqual(2);
  });

  it.each([
    ["the services list", /^GET Service\/asAnonymous$/, async () => {}, () => screen.getByRole("button", { name: "Men's haircut" })],
    [
      "the staff list",
      /^POST StaffMember\/asAnonymous\/\d+$/,
      async () => {
        await user.click(await screen.findByRole("button", { name: "Men's haircut" }));
        await user.click(screen.getByRole("button", { name: "Continue (1)" }));
      },
      () => screen.getByRole("button", { name: /^Any staff member/ }),
    ],
  ])("%s: three 503s say so with Try again, which shows it", async (_name, call, reach, shown) => {
    const api = sheddingFetch({ call, status: 503, code: "overloaded", retryAfter: "2", times: Number.POSITIVE_INFINITY });
    renderWidget({ company: "demo-salon", fetch: api.fetch });
    await reach();
    const alert = await whileTimePasses(() => busyAlert());
    expect(api.asked() % 3).toBe(0);
    api.open();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await whileTimePasses(() => shown());
    expect(screen.queryByText(BUSY)).toBeNull();
  });

  it("says it in the visitor's language", async () => {
    const api = sheddingFetch({ call: /^GET Service\/asAnonymous$/, status: 503, code: "overloaded", times: Number.POSITIVE_INFINITY });
    renderWidget({ company: "demo-salon", fetch: api.fetch, lang: "es" });
    await whileTimePasses(() => screen.getByText("El servicio de reservas está ocupado. Inténtalo de nuevo en un momento."));
  });
});

describe("a write the API sheds (issue 58)", () => {
  it("a hold's 503 is sent once: the client never asks a write again by itself", async () => {
    const api = sheddingFetch({
      call: /^POST Appointment\/hold$/,
      status: 503,
      code: "overloaded",
      retryAfter: "1",
      times: Number.POSITIVE_INFINITY,
    });
    renderWidget({ company: "demo-salon", fetch: api.fetch });
    await toTheHours();
    await whileTimePasses(() => expect(hourButtons().length).toBeGreaterThan(0));
    await user.click(hourButtons()[0]!);
    await whileTimePasses(() => expect(api.asked()).toBe(1));
    act(() => vi.advanceTimersByTime(30_000));
    expect(api.asked()).toBe(1);
  });
});
