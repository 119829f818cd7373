import { createStore, type StoreApi } from "zustand/vanilla";
import type { HoldCalls } from "../../api/hold-calls.ts";
import type { BookingState, BookingStore } from "../store/booking-store.ts";
import type { BookingServices } from "../store/booking-store-context.ts";
import { now } from "../../time/now.ts";
import { holdKey, holdRefusal, type HoldState } from "./hold-state.ts";
import { bookingSeries } from "../series/series-plan.ts";
import { randomHex } from "../../api/random-hex.ts";

export interface SlotHoldDeps {
  calls: HoldCalls;
  userId: number;
  /** The chosen time is someone else's now, or too close to book: tell the visitor why, back to the calendar. */
  onTaken(why: "taken" | "too-soon"): void;
  /** Where the tab keeps the token across a reload (kept-hold-token.ts). */
  kept?: KeptHoldToken;
}

/** The tab's hold token, kept so that a reload holds again as the same visitor. */
export interface KeptHoldToken {
  read(): string | undefined;
  write(token: string | undefined): void;
}

export interface HoldView {
  status: HoldState;
  /** The visitor's hold token: the availability calls and the booking send it. */
  token: string | undefined;
}

export interface SlotHold {
  view: StoreApi<HoldView>;
  /** The latest callbacks and calls of the element (set on every render that uses them). */
  configure(deps: SlotHoldDeps): void;
  /** "Hold this time again", after the hold ran out or the limit was reached. */
  holdAgain(): Promise<void>;
  /** The booking was made (held for payment, or confirmed): the server dropped the hold with it. */
  booked(): void;
}

/** A new hold token, as the API makes them (48 hex digits, contract/schemas/hold.ts). */
export const newHoldToken = (): string => randomHex(24);

/** The element's held time, a member of its services (app/create-widget.ts makes the place, empty). */
export interface HoldServices {
  hold: { current?: SlotHold };
}

/** The element's held time: made by the first step that asks for it (the calendar's, or a later one after a reload). */
export function slotHoldOf({ store, hold }: BookingServices & HoldServices): SlotHold {
  hold.current ??= createSlotHold(store);
  return hold.current;
}

/**
 * The held time of one widget element (one booking store): holds the chosen time when
 * the visitor chooses it, replaces the hold when they choose another, gives it back
 * when the choice goes (other services, staff or day, a fresh booking) and when the
 * page goes away. Requests go one after another, so the server always ends up holding
 * the last choice. An API without the extension answers 404: the widget stops asking
 * and books as before.
 */
export function createSlotHold(store: BookingStore): SlotHold {
  const view = createStore<HoldView>()(() => ({ status: { kind: "none" }, token: undefined }));
  let deps: SlotHoldDeps | undefined;
  /** The hold the server answered last: a release names it, so it never takes a newer one. */
  let heldId: string | undefined;
  let wanted: string | null = null;
  let queue = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (status: HoldState) => view.setState({ status });
  const status = () => view.getState().status;

  const ask = (key: string) =>
    (queue = queue.then(async () => {
      const state = store.getState();
      if (!deps || wanted !== key || !state.selectedHour || status().kind === "off") return;
      set({ kind: "holding", key });
      const [year, month, day] = state.selectedHour.date.split("-").map(Number) as [number, number, number];
      const [hour, minute] = state.selectedHour.backendLabel.split(":").map(Number) as [number, number];
      // The tab's token is made and kept before the first hold goes out: a reload while it
      // is on the way holds again as the same visitor, not as a stranger the server's
      // answer never reached (who would find their own time taken).
      let token = view.getState().token;
      if (!token) {
        token = newHoldToken();
        view.setState({ token });
        deps.kept?.write(token);
      }
      try {
        const held = await deps.calls.hold({
          userId: deps.userId,
          year,
          month,
          day,
          hour,
          minute,
          serviceBookings: state.selectedServices,
          staffMemberId: state.selectedStaffId,
          holdToken: token,
          // A series is held whole (issue 42).
          ...(state.seriesPlan ? { series: bookingSeries(state.seriesPlan) } : {}),
        });
        const deadline = now().getTime() + held.secondsLeft * 1000;
        heldId = held.holdId;
        if (held.holdToken !== token) {
          view.setState({ token: held.holdToken });
          deps.kept?.write(held.holdToken);
        }
        if (wanted !== key) return;
        set({ kind: "held", key, deadline });
        clearTimeout(timer);
        timer = setTimeout(
          () => {
            if (status().kind === "held" && wanted === key) set({ kind: "expired", key });
          },
          Math.max(0, deadline - now().getTime()),
        );
      } catch (error) {
        const refusal = holdRefusal(error);
        if (refusal === "unsupported") return set({ kind: "off" });
        if (wanted !== key) return;
        if (refusal === "limited") return set({ kind: "limited", key });
        set({ kind: "none" });
        if (refusal === "taken" || refusal === "too-soon") {
          wanted = null;
          deps.onTaken(refusal);
        }
      }
    }));

  const release = ({ leaving = false } = {}) => {
    const { token } = view.getState();
    const held = status().kind === "held" || status().kind === "holding";
    clearTimeout(timer);
    if (status().kind !== "off") set({ kind: "none" });
    if (!deps || !token || !held) return;
    const { calls, userId } = deps;
    const holdId = heldId;
    queue = queue.then(() =>
      calls.release(userId, token, { leaving, holdId }).then(
        () => undefined,
        () => undefined,
      ),
    );
  };

  const sync = (state: BookingState) => {
    if (status().kind === "off") return;
    // A booking takes its hold with it (the server drops it): nothing to give back.
    const seriesTimes = (state.seriesPlan?.occurrences ?? []).map((o) => `${o.date} ${o.backendLabel}`);
    const key =
      state.booked || !state.selectedHour ? null : holdKey(state.selectedServices, state.selectedStaffId, state.selectedHour, seriesTimes);
    if (key === wanted) return;
    const before = wanted;
    wanted = key;
    if (key) return void ask(key);
    if (state.booked) {
      clearTimeout(timer);
      return set({ kind: "none" });
    }
    if (before) release();
  };

  const slotHold: SlotHold = {
    view,
    configure(next) {
      const first = !deps;
      deps = next;
      if (first) {
        // After a reload the tab's earlier hold is still this visitor's: the first hold
        // replaces it (whether or not the page's release of it has arrived yet).
        const kept = view.getState().token ?? next.kept?.read();
        if (kept) view.setState({ token: kept });
        sync(store.getState());
      }
    },
    booked() {
      clearTimeout(timer);
      if (status().kind !== "off") set({ kind: "none" });
    },
    async holdAgain() {
      const current = status();
      if ((current.kind === "expired" || current.kind === "limited") && wanted) await ask(wanted);
    },
  };
  store.subscribe(sync);
  globalThis.addEventListener?.("pagehide", () => release({ leaving: true }));
  // Back from the browser's page cache: the release went out, so hold the choice again.
  globalThis.addEventListener?.("pageshow", (event) => {
    if ((event as PageTransitionEvent).persisted && wanted) void ask(wanted);
  });
  return slotHold;
}
