// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import type { HoldCalls } from "../../api/hold-calls.ts";
import type { HoldRequest } from "../../contract/schemas/hold.ts";
import { createBookingStore } from "../store/booking-store.ts";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { keptHoldToken } from "./kept-hold-token.ts";
import { createSlotHold, slotHoldOf, type SlotHoldDeps } from "./slot-hold.ts";

const TOKEN = "a1".repeat(24);
const hour = (backendLabel: string) => ({
  date: "2026-11-26",
  backendLabel,
  label: backendLabel,
  customerAppointmentEndLabel: "",
  appointmentEndLabel: "",
});
const refused = (status: number) => new ApiError({ kind: "http", path: "Appointment/hold", status });

/** A fake API: answers holds as told, records what was asked. */
function fakeCalls(answer: (request: HoldRequest) => Promise<void> = async () => {}) {
  const asked: HoldRequest[] = [];
  const released: string[] = [];
  const releasedIds: (string | undefined)[] = [];
  const calls: HoldCalls = {
    hold: vi.fn(async (request: HoldRequest) => {
      asked.push(request);
      await answer(request);
      return {
        holdToken: TOKEN,
        holdId: `00000000-0000-4000-8000-${String(asked.length).padStart(12, "0")}`,
        start: "2026-11-26T09:00:00.000Z",
        end: "2026-11-26T09:45:00.000Z",
        expiresAt: "2026-11-26T09:10:00.000Z",
        secondsLeft: 600,
      };
    }),
    release: vi.fn(async (_userId: number, token: string, { holdId }: { holdId?: string | undefined } = {}) => {
      released.push(token);
      releasedIds.push(holdId);
      return { released: true };
    }),
  };
  return { calls, asked, released, releasedIds };
}

function setUp(answer?: (request: HoldRequest) => Promise<void>, kept?: SlotHoldDeps["kept"]) {
  const store = createBookingStore();
  store.setState({ selectedServices: [{ serviceId: 5, extraServiceIds: [] }], step: 2 });
  const api = fakeCalls(answer);
  const deps: SlotHoldDeps = { calls: api.calls, userId: 9, onTaken: vi.fn(), ...(kept ? { kept } : {}) };
  const hold = createSlotHold(store);
  hold.configure(deps);
  const settle = () => vi.advanceTimersByTimeAsync(0);
  return { store, hold, deps, settle, ...api };
}

beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-24T08:00:00Z") }));
afterEach(() => vi.useRealTimers());

describe("createSlotHold", () => {
  it("after a reload holds the kept time again with the tab's token; a release names the hold it gives back", async () => {
    const storage = memoryStorage();
    const page = setUp(undefined, keptHoldToken("demo-clinic", storage));
    page.store.getState().chooseHour(hour("10:00"));
    await page.settle();
    expect(keptHoldToken("demo-clinic", storage).read()).toBe(TOKEN);
    // The reloaded page: a new store with the kept choice, the same tab's storage.
    const reloaded = setUp(undefined, keptHoldToken("demo-clinic", storage));
    reloaded.store.getState().chooseHour(hour("10:00"));
    await reloaded.settle();
    expect(reloaded.asked[0]).toMatchObject({ hour: 10, minute: 0, holdToken: TOKEN });
    // The old page's release as it went away names its own hold, not the new one.
    page.store.getState().chooseDate("2026-11-27");
    await page.settle();
    expect(page.releasedIds).toEqual(["00000000-0000-4000-8000-000000000001"]);
    // Another booking link, or a stored value that is not a token: none.
    expect(keptHoldToken("demo-spa", storage).read()).toBeUndefined();
    storage.setItem("booking-widget:hold:demo-clinic", JSON.stringify("../x"));
    expect(keptHoldToken("demo-clinic", storage).read()).toBeUndefined();
  });

  it("holds the chosen time, sends its token with the next choice, and gives it back when the choice goes", async () => {
    const { store, hold, settle, asked, released } = setUp();
    store.getState().chooseHour(hour("10:00"));
    await settle();
    expect(asked).toEqual([
      expect.objectContaining({ userId: 9, year: 2026, month: 11, day: 26, hour: 10, minute: 0, staffMemberId: null }),
    ]);
    // The tab's own token, made before the first hold went out (the fake API answers its own).
    expect(asked[0]?.holdToken).toMatch(/^[0-9a-f]{48}$/);
    expect(hold.view.getState()).toMatchObject({ status: { kind: "held", deadline: Date.now() + 600_000 }, token: TOKEN });

    store.getState().chooseHour(hour("11:15"));
    await settle();
    expect(asked[1]).toMatchObject({ hour: 11, minute: 15, holdToken: TOKEN });
    expect(released).toEqual([]);

    store.getState().chooseDate("2026-11-27");
    await settle();
    expect(released).toEqual([TOKEN]);
    expect(hold.view.getState().status).toEqual({ kind: "none" });
  });

  it("ends in the last choice: a second choice waits for the first answer, a choice already replaced is never sent", async () => {
    let open: () => void = () => {};
    const { store, hold, settle, asked } = setUp((request) =>
      request.hour === 10 ? new Promise<void>((resolve) => (open = resolve)) : Promise.resolve(),
    );
    store.getState().chooseHour(hour("10:00"));
    await settle();
    store.getState().chooseHour(hour("11:00"));
    store.getState().chooseHour(hour("12:00"));
    await settle();
    expect(asked.map((r) => r.hour)).toEqual([10]);
    open();
    await settle();
    expect(asked.map((r) => r.hour)).toEqual([10, 12]);
    expect(hold.view.getState().status).toMatchObject({ kind: "held", key: expect.stringContaining("12:00") });
  });

  it("runs out after the seconds the API gave, and holds again on request", async () => {
    const { store, hold, settle, asked } = setUp();
    store.getState().chooseHour(hour("10:00"));
    await settle();
    await vi.advanceTimersByTimeAsync(599_000);
    expect(hold.view.getState().status.kind).toBe("held");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hold.view.getState().status.kind).toBe("expired");
    await hold.holdAgain();
    expect(asked).toHaveLength(2);
    expect(hold.view.getState().status.kind).toBe("held");
  });

  it("tells the visitor when the time is taken, and forgets the choice", async () => {
    const { store, hold, deps, settle } = setUp(async () => {
      throw refused(409);
    });
    store.getState().chooseHour(hour("10:00"));
    await settle();
    expect(deps.onTaken).toHaveBeenCalledOnce();
    expect(hold.view.getState().status).toEqual({ kind: "none" });
  });

  it("shows the limit, and stops asking an API without held times", async () => {
    const limited = setUp(async () => {
      throw refused(429);
    });
    limited.store.getState().chooseHour(hour("10:00"));
    await limited.settle();
    expect(limited.hold.view.getState().status.kind).toBe("limited");

    const old = setUp(async () => {
      throw refused(404);
    });
    old.store.getState().chooseHour(hour("10:00"));
    await old.settle();
    old.store.getState().chooseHour(hour("11:00"));
    await old.settle();
    expect(old.asked).toHaveLength(1);
    expect(old.hold.view.getState().status).toEqual({ kind: "off" });
  });

  it("gives the time back as the page goes away, and not after a booking took it", async () => {
    const { store, settle, released, calls } = setUp();
    store.getState().chooseHour(hour("10:00"));
    await settle();
    globalThis.dispatchEvent(new Event("pagehide"));
    await settle();
    expect(calls.release).toHaveBeenCalledWith(9, TOKEN, { leaving: true, holdId: "00000000-0000-4000-8000-000000000001" });

    const other = setUp();
    other.store.getState().chooseHour(hour("10:00"));
    await other.settle();
    other.store.getState().finishBooking({
      confirmation: { id: 1, start: "", end: "", status: "confirmed", holdExpiresAt: null } as never,
      draft: other.store.getState().draft,
    });
    await other.settle();
    expect(other.released).toEqual([]);
    expect(released).toEqual([TOKEN]);
  });
});

describe("createSlotHold, reloaded while the first hold is on the way", () => {
  it("the token went out kept: the reloaded page holds again as the same visitor", async () => {
    const storage = memoryStorage();
    // The first page's hold never hears its answer (the reload cut it off).
    const page = setUp(() => new Promise(() => undefined), keptHoldToken("demo-clinic", storage));
    page.store.getState().chooseHour(hour("10:00"));
    await page.settle();
    const sent = page.asked[0]?.holdToken;
    expect(sent).toMatch(/^[0-9a-f]{48}$/);
    expect(keptHoldToken("demo-clinic", storage).read()).toBe(sent);
    const reloaded = setUp(undefined, keptHoldToken("demo-clinic", storage));
    reloaded.store.getState().chooseHour(hour("10:00"));
    await reloaded.settle();
    expect(reloaded.asked[0]?.holdToken).toBe(sent);
  });
});

describe("slotHoldOf", () => {
  it("is one hold per element, made at the first ask and kept by its services however often they are built again", () => {
    const one = { store: createBookingStore(), hold: {} };
    const other = { store: createBookingStore(), hold: {} };
    const first = slotHoldOf(one);
    // The adapter builds the services anew when an attribute changes: the place is the element's.
    expect(slotHoldOf({ ...one })).toBe(first);
    expect(slotHoldOf(other)).not.toBe(first);
  });
});
