import type { AvailableHour, ServiceBookingSelection } from "../../contract/schemas/index.ts";
import { httpStatus } from "../../api/errors.ts";
import { refusedAs, refusedAsLimit } from "../../api/refusal-of.ts";

/**
 * Where the visitor's held time stands (held times: our API extension, see
 * demo/api/holds/README.md). One chosen time is held at a time; `key` names it.
 */
export type HoldState =
  /** Nothing chosen, or nothing to hold. */
  | { kind: "none" }
  /** Asking the API to hold the chosen time. */
  | { kind: "holding"; key: string }
  /** Held until `deadline` (this device's clock, counted from the answer's secondsLeft). */
  | { kind: "held"; key: string; deadline: number }
  /** The hold ran out; the visitor may hold it again (or book it while it is free). */
  | { kind: "expired"; key: string }
  /** Not held: the address's limit of held times is reached. The time can still be booked. */
  | { kind: "limited"; key: string }
  /** The API has no held times (or could not hold this one): the widget books without. */
  | { kind: "off" };

/** What the hold is for: the services, the staff choice and the time (and a series' later times, issue 42). */
export function holdKey(
  services: readonly ServiceBookingSelection[],
  staffId: number | null,
  hour: AvailableHour,
  seriesTimes: readonly string[] = [],
): string {
  return JSON.stringify([
    services.map((s) => [s.serviceId, [...(s.extraServiceIds ?? [])].sort()]),
    staffId,
    hour.date,
    hour.backendLabel,
    ...(seriesTimes.length > 0 ? [seriesTimes] : []),
  ]);
}

/** What a refused hold means for the visitor. */
export type HoldRefusal = "taken" | "too-soon" | "limited" | "unsupported" | "failed";

/**
 * By the refusal the API names: time-taken, someone else has the time; a limit, too many
 * held from this network. An API without the extension has no such route (404, 405,
 * 501). Anything else (offline, 5xx, a bad answer): not held this time, and the booking
 * goes on without.
 */
export function holdRefusal(error: unknown): HoldRefusal {
  if (refusedAs(error, "time-taken")) return "taken";
  if (refusedAs(error, "too-soon")) return "too-soon";
  if (refusedAsLimit(error)) return "limited";
  const status = httpStatus(error);
  if (status === 404 || status === 405 || status === 501) return "unsupported";
  return "failed";
}

/** The countdown as m:ss, never below 0:00. */
export function countdown(deadline: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
