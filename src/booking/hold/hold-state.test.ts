import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { countdown, holdKey, holdRefusal } from "./hold-state.ts";

const hour = (date: string, backendLabel: string) => ({
  date,
  backendLabel,
  label: backendLabel,
  customerAppointmentEndLabel: "",
  appointmentEndLabel: "",
});
const http = (status: number, refusal?: string) => new ApiError({ kind: "http", path: "Appointment/hold", status, refusal });

describe("holdKey", () => {
  it("names the same choice alike whatever the order of its extras, and tells other choices apart", () => {
    const a = holdKey([{ serviceId: 1, extraServiceIds: [3, 2] }], null, hour("2026-11-26", "10:00"));
    expect(holdKey([{ serviceId: 1, extraServiceIds: [2, 3] }], null, hour("2026-11-26", "10:00"))).toBe(a);
    expect(holdKey([{ serviceId: 1, extraServiceIds: [2, 3] }], 7, hour("2026-11-26", "10:00"))).not.toBe(a);
    expect(holdKey([{ serviceId: 1, extraServiceIds: [2, 3] }], null, hour("2026-11-26", "10:15"))).not.toBe(a);
    expect(holdKey([{ serviceId: 1, extraServiceIds: [] }], null, hour("2026-11-26", "10:00"))).not.toBe(a);
    // A series is held whole: its later times are part of what is held.
    expect(holdKey([{ serviceId: 1, extraServiceIds: [2, 3] }], null, hour("2026-11-26", "10:00"), ["2026-12-03 10:00"])).not.toBe(a);
  });
});

describe("holdRefusal", () => {
  it("reads 409 as taken, 429 as the limit, 404/405/501 as an API without held times, the rest as a failure", () => {
    expect(holdRefusal(http(409, "time-taken"))).toBe("taken");
    expect(holdRefusal(http(409, "too-soon"))).toBe("too-soon");
    expect(holdRefusal(http(429, "too-many-holds"))).toBe("limited");
    expect(holdRefusal(http(429, "too-many-hold-requests"))).toBe("limited");
    // By the refusal named, not the status; an API without codes by the contract's status.
    expect(holdRefusal(http(409, "idempotency-key-in-flight"))).toBe("failed");
    expect(holdRefusal(http(409))).toBe("taken");
    expect(holdRefusal(http(429))).toBe("limited");
    expect([404, 405, 501].map((status) => holdRefusal(http(status)))).toEqual(["unsupported", "unsupported", "unsupported"]);
    expect(holdRefusal(http(500))).toBe("failed");
    expect(holdRefusal(http(400))).toBe("failed");
    expect(holdRefusal(new ApiError({ kind: "network", path: "Appointment/hold" }))).toBe("failed");
    expect(holdRefusal(new Error("boom"))).toBe("failed");
  });
});

describe("countdown", () => {
  it("counts whole seconds up, as m:ss, and stops at 0:00", () => {
    expect(countdown(600_000, 0)).toBe("10:00");
    expect(countdown(600_000, 1)).toBe("10:00");
    expect(countdown(600_000, 1000)).toBe("9:59");
    expect(countdown(600_000, 590_500)).toBe("0:10");
    expect(countdown(600_000, 700_000)).toBe("0:00");
  });
});
