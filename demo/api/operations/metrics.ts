import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Queryable } from "../db/database.ts";
import type { ReadRouting } from "../db/read-routing.ts";
import { oldestPendingSeconds } from "../outbox/outbox.ts";

/**
 * The API's Prometheus metrics (issue 30), one registry per API so that two in one
 * process (tests) never mix. Labels name routes as registered (`/api/Appointment/:id`),
 * limits, events and gateways: never a path, phone, e-mail, token or payment id.
 */
export interface ApiMetrics {
  readonly registry: Registry;
  /** Requests answered, by method, route pattern and status; and how long they took. */
  readonly requests: Counter<"method" | "route" | "status">;
  readonly requestSeconds: Histogram<"method" | "route">;
  /** Bookings made (booked), moved and cancelled by customers. */
  readonly bookings: Counter<"event">;
  /** Times held and released. */
  readonly holds: Counter<"event">;
  /** Waitlist entries joined, removed, and (issue 46) offers made, taken and expired. */
  readonly waitlist: Counter<"event">;
  /** Payments started, and what their gateways said of them (paid, declined, expired, refunded). */
  readonly payments: Counter<"gateway" | "outcome">;
  /** 429 answers, by the limit that refused (its scope: "password:address", "holds:address-minutes"…). */
  readonly refusedByLimit: Counter<"limit">;
  /** Message delivery attempts, by channel and outcome (sent, retried later, failed for good). */
  readonly deliveries: Counter<"channel" | "outcome">;
  /** Requests answered 503 because the database could not serve them (down, failing over, out of connections). */
  readonly databaseUnavailable: Counter;
}

/**
 * A gauge's value read from the database, or null when it does not answer: the scrape
 * still answers (NaN for those gauges) with the counters an operator needs most then,
 * booking_database_unavailable_total among them.
 */
async function readOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/** Latency buckets (seconds): a catalogue call is milliseconds; a booking under lock, tens of them. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics of one API over `db`. The outbox's gauges (pending and failed messages,
 * the oldest pending one's age) are read from the database at each scrape, so every
 * process reports the same shared queue (the counters are this process's own). `processMetrics` adds Node's own (memory, event
 * loop lag, open handles): the server asks for them, tests do not.
 */
export function apiMetrics(
  db: Queryable,
  { processMetrics = false, replica }: { processMetrics?: boolean; replica?: Pick<ReadRouting, "status" | "served"> } = {},
): ApiMetrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });

  // Rows of a shared table counted by a status column at each scrape: every process reports the same.
  const statusGauge = (name: string, help: string, table: string, column: string, statuses: readonly string[]) =>
    new Gauge({
      name,
      help,
      labelNames: ["status"],
      registers: [registry],
      async collect() {
        const rows = await readOrNull(() =>
          db.query<{ status: string; count: number }>(
            `SELECT ${column} AS status, count(*)::int AS count FROM ${table} WHERE ${column} = ANY($1::text[]) GROUP BY ${column}`,
            [statuses],
          ),
        );
        for (const status of statuses) this.set({ status }, rows ? (rows.find((row) => row.status === status)?.count ?? 0) : Number.NaN);
      },
    });
  statusGauge(
    "booking_outbox_messages",
    "Messages in the outbox by status: pending (waiting to be delivered) and failed (for good, kept 90 days); all processes.",
    "outbox_messages",
    "status",
    ["pending", "failed"],
  );
  statusGauge(
    "booking_refunds",
    "Refunds by status: due (the refund worker makes it) and failed (refused for good: give it back by hand); all processes.",
    "refunds",
    "status",
    ["due", "failed"],
  );
  new Gauge({
    name: "booking_outbox_oldest_pending_seconds",
    help: "Age of the oldest message waiting in the outbox; 0 when none waits.",
    registers: [registry],
    async collect() {
      this.set((await readOrNull(() => oldestPendingSeconds(db))) ?? Number.NaN);
    },
  });

  if (replica) {
    // The read replica (DATABASE_READ_URL): whether reads go to it, how far behind it is, and where reads went.
    new Gauge({
      name: "booking_read_replica_state",
      help: "The read replica's state: 1 for the current one of in-use, lagging (skipped) and down (skipped).",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const { state } = replica.status();
        for (const each of ["in-use", "lagging", "down"]) this.set({ state: each }, each === state ? 1 : 0);
      },
    });
    new Gauge({
      name: "booking_read_replica_lag_seconds",
      help: "How far the read replica is behind the primary at the last measurement; -1 when it does not answer.",
      registers: [registry],
      collect() {
        const status = replica.status();
        this.set("lagSeconds" in status ? status.lagSeconds : -1);
      },
    });
    new Gauge({
      name: "booking_lag_tolerant_reads",
      help: "Reads of public availability and catalogue served since the start, by where they went (replica or primary).",
      labelNames: ["target"],
      registers: [registry],
      collect() {
        this.set({ target: "replica" }, replica.served.replica);
        this.set({ target: "primary" }, replica.served.primary);
      },
    });
  }

  return {
    registry,
    requests: counter("booking_http_requests_total", "API requests answered, by method, route and status.", ["method", "route", "status"]),
    requestSeconds: new Histogram({
      name: "booking_http_request_duration_seconds",
      help: "Time to answer an API request, by method and route.",
      labelNames: ["method", "route"],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    bookings: counter("booking_bookings_total", "Appointments booked, moved and cancelled (by the customer).", ["event"]),
    holds: counter("booking_holds_total", "Times held and released.", ["event"]),
    waitlist: counter(
      "booking_waitlist_total",
      "Waitlist entries joined and removed, offers made, taken, expired and lost (booked by someone else first).",
      ["event"],
    ),
    payments: counter("booking_payments_total", "Online payments started and settled, by gateway and outcome.", ["gateway", "outcome"]),
    refusedByLimit: counter("booking_rate_limited_total", "Requests refused with 429, by the limit that refused them.", ["limit"]),
    deliveries: counter("booking_outbox_deliveries_total", "Message delivery attempts, by channel and outcome.", ["channel", "outcome"]),
    databaseUnavailable: counter(
      "booking_database_unavailable_total",
      "Requests answered 503 with Retry-After because the database could not serve them.",
      [],
    ),
  };
}
