/** How much one process takes on at once (issue 58): its operator's settings (load-settings.ts). */
export interface AdmissionLimits {
  /** Requests worked on at once; each holds its answer and its schedule in memory while it runs. */
  maxInFlight: number;
  /** Requests waiting for a place; beyond, the newcomer (or a waiting read, for a write) is shed. */
  maxQueued: number;
  /** The longest a request waits for a place before it is shed: a queue that does not move is answered, not left to time out. */
  maxQueueWaitMs: number;
}

/**
 * Bookings, holds and every other change come before reads; health, metrics and webhooks
 * never wait (request-priority.ts). Last, an early retry: a read from an address shed less
 * than its Retry-After ago, which did not wait as told (a flood's script; the widget waits).
 */
export type Priority = "write" | "read" | "early-retry";

/** The classes in the order they are served. */
const ORDER: readonly Priority[] = ["write", "read", "early-retry"];

/** Why a request was not admitted: no place and no room to wait, pushed out of the queue by a write, or waited too long. */
export type ShedReason = "queue-full" | "displaced" | "waited-too-long";

export interface Admission {
  /** A place now (true), after a wait (true), or none (the reason): the caller answers 503 overloaded. */
  enter(priority: Priority): true | ShedReason | Promise<true | ShedReason>;
  /** Gives back a place `enter` gave: the longest-waiting write takes it, else the longest-waiting read, else early retry. */
  leave(): void;
  readonly inFlight: number;
  readonly queued: number;
}

interface Waiter {
  admit(outcome: true | ShedReason): void;
}

/**
 * A process's places for requests, and its short queue for them, with writes first. Pure
 * of I/O: the timer that sheds a request that waited too long is the only clock, and tests
 * drive it with fake timers. A request shed is told at once, so the caller can answer
 * 503 with Retry-After instead of leaving the client to time out.
 */
export function admission(limits: AdmissionLimits): Admission {
  let inFlight = 0;
  const waiting: Record<Priority, Waiter[]> = { write: [], read: [], "early-retry": [] };
  const queued = () => ORDER.reduce((sum, priority) => sum + waiting[priority].length, 0);
  /** Waiting requests served before one of `priority`: those of its class and above. */
  const ahead = (priority: Priority) => ORDER.slice(0, ORDER.indexOf(priority) + 1).reduce((sum, p) => sum + waiting[p].length, 0);
  /** The queue of the lowest class below `priority` that has someone waiting, if any. */
  const below = (priority: Priority) =>
    ORDER.slice(ORDER.indexOf(priority) + 1)
      .reverse()
      .map((p) => waiting[p])
      .find((queue) => queue.length > 0);

  const wait = (priority: Priority) =>
    new Promise<true | ShedReason>((resolve) => {
      const waiter: Waiter = {
        admit(outcome) {
          clearTimeout(timer);
          resolve(outcome);
        },
      };
      const timer = setTimeout(() => {
        const queue = waiting[priority];
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        resolve("waited-too-long");
      }, limits.maxQueueWaitMs);
      waiting[priority].push(waiter);
    });

  return {
    enter(priority) {
      // A request never passes a waiting one of its class or above; it passes those below.
      if (inFlight < limits.maxInFlight && ahead(priority) === 0) {
        inFlight++;
        return true;
      }
      if (queued() < limits.maxQueued) return wait(priority);
      // Full: a request takes the place of the last of the lowest class below its own (it has
      // waited least): a write a read's, a read an early retry's. Else it is shed itself.
      const lower = below(priority);
      if (lower) {
        lower.pop()!.admit("displaced");
        return wait(priority);
      }
      return "queue-full";
    },
    leave() {
      const next = ORDER.map((priority) => waiting[priority])
        .find((queue) => queue.length > 0)
        ?.shift();
      // The place goes straight to the next in line: inFlight stays as it is.
      if (next) next.admit(true);
      else inFlight--;
    },
    get inFlight() {
      return inFlight;
    },
    get queued() {
      return queued();
    },
  };
}
