import { describe, expect, it } from "vitest";
import { attendanceProblem, changeProblem } from "./staff-rules.ts";

const now = new Date("2026-11-18T15:00:00Z");
const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * 60_000);
const booked = (startIn: number, minutes = 60) => ({ status: "confirmed", startsAt: at(startIn), endsAt: at(startIn + minutes) });

describe("changeProblem", () => {
  it("lets a booked appointment be cancelled or moved until it ends, even once it has begun", () => {
    expect(changeProblem(booked(120), now)).toBeNull();
    expect(changeProblem(booked(-30), now)).toBeNull();
    expect(changeProblem(booked(-60), now)).toBe("appointment-over");
  });

  it("refuses a cancelled one, and one still waiting for its online payment", () => {
    expect(changeProblem({ ...booked(120), status: "cancelled" }, now)).toBe("appointment-cancelled");
    expect(changeProblem({ ...booked(120), status: "awaiting_payment" }, now)).toBe("awaiting-payment");
  });
});

describe("attendanceProblem", () => {
  it("marks a no-show only once the time has begun, an arrival from an hour before", () => {
    expect(attendanceProblem(booked(5), "noShow", now)).toBe("too-early-to-mark");
    expect(attendanceProblem(booked(0), "noShow", now)).toBeNull();
    expect(attendanceProblem(booked(61), "arrived", now)).toBe("too-early-to-mark");
    expect(attendanceProblem(booked(60), "arrived", now)).toBeNull();
    expect(attendanceProblem(booked(-600), "arrived", now)).toBeNull();
  });

  it("undoes a mark at any time, but never marks a cancelled or unpaid booking", () => {
    expect(attendanceProblem(booked(600), null, now)).toBeNull();
    expect(attendanceProblem({ ...booked(-10), status: "cancelled" }, "noShow", now)).toBe("appointment-cancelled");
    expect(attendanceProblem({ ...booked(-10), status: "awaiting_payment" }, "arrived", now)).toBe("awaiting-payment");
  });
});
