/** How much one process takes on at once (issue 58): its operator's settings (load-settings.ts). */
export interface AdmissionLimits {
  /** Requests worked on at once; each holds its answer and its schedule in memory while it runs. */
  maxInFlight: number;
  /** Requests waiting for a place; beyond, the newcomer (or a waiting read, for a write) is shed. */
  maxQueued: number;
  /** The longest a request waits for a place before it is shed: a queue that does not move is answered, not left to time out. */
  maxQueueWaitMs: number;
}

/** Bookings, holds and every other change come before reads; health, metrics and webhooks never wait (request-priority.ts). */
export type Priority = "write" | "read";

/** Why a request was not admitted: no place and no room to wait, pushed out of the queue by a write, or waited too long. */
export type ShedReason = "queue-full" | "displaced" | "waited-too-long";

export interface Admission {
  /** A place now (true), after a wait (true), or none (the reason): the caller answers 503 overloaded. */
  enter(priority: Priority): true | ShedReason | Promise<true | ShedReason>;
  /** Gives back a place `enter` gave: the longest-waiting write takes it, else the longest-waiting read. */
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
  const waiting: Record<Priority, Waiter[]> = { write: [], read: [] };
  const queued = () => waiting.write.length + waiting.read.length;

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
      // A read never passes a waiting write; a write passes waiting reads.
      const ahead = priority === "write" ? waiting.write.length : queued();
      if (inFlight < limits.maxInFlight && ahead === 0) {
        inFlight++;
        return true;
      }
      if (queued() < limits.maxQueued) return wait(priority);
      // Full: a write takes the place of the read that came last (it has waited least); a read is shed.
      if (priority === "write" && waiting.read.length > 0) {
        waiting.read.pop()!.admit("displaced");
        return wait(priority);
      }
      return "queue-full";
    },
    leave() {
      const next = waiting.write.shift() ?? waiting.read.shift();
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
