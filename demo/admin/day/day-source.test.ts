import { describe, expect, it } from "vitest";
import type { AdminDay, AdminDayAppointment } from "booking-widget/contract";
import { dayViewOf, instantAt } from "./day-source.ts";

// Oslo in December is UTC+1: 09:00 there is 08:00Z.
const at = (time: string) => `2026-12-03T${time}:00.000Z`;
const appointment = (over: Partial<AdminDayAppointment>): AdminDayAppointment => ({
  id: 7,
  staffMemberId: 1,
  start: at("09:00"),
  end: at("09:30"),
  blocked: { start: at("09:00"), end: at("09:30") },
  state: "booked",
  services: [{ id: 1, title: "Haircut" }],
  customerName: "Kari",
  group: null,
  holdExpiresAt: null,
  seriesId: null,
  ...over,
});
const day = (over: Partial<AdminDay["columns"][number]["days"][number]> = {}): AdminDay => ({
  from: "2026-12-03",
  to: "2026-12-03",
  timeZone: "Europe/Oslo",
  currency: "NOK",
  cursor: "41",
  columns: [
    {
      staffMember: { id: 1, name: "Ada" },
      days: [
        {
          date: "2026-12-03",
          away: false,
          hours: [{ start: at("08:00"), end: at("16:00") }],
          breaks: [{ start: at("11:00"), end: at("11:30") }],
          pauses: [],
          appointments: [],
          holds: [],
          ...over,
        },
      ],
    },
  ],
  waitlist: { entries: [], offers: [] },
});

describe("the day's answer as the grid's blocks", () => {
  it("places hours, breaks and holds on the provider's wall clock, closed outside the hours", () => {
    const view = dayViewOf(
      day({ holds: [{ staffMemberId: 1, blocked: { start: at("13:00"), end: at("13:30") }, expiresAt: at("13:10") }] }),
    );
    expect(view).toMatchObject({ timeZone: "Europe/Oslo", cursor: "41", from: "09:00", to: "17:00", staff: [{ id: 1, name: "Ada" }] });
    expect(view.blocks.map(({ kind, start, end }) => [kind, start, end])).toEqual([
      ["closed", "00:00", "09:00"],
      ["break", "12:00", "12:30"],
      ["hold", "14:00", "14:30"],
      ["closed", "17:00", "24:00"],
    ]);
  });

  it("draws an appointment with its buffers, state and group places, and leaves a cancelled one out", () => {
    const view = dayViewOf(
      day({
        appointments: [
          appointment({ blocked: { start: at("08:45"), end: at("09:45") }, state: "awaitingPayment", group: { taken: 3, places: 8 } }),
          appointment({
            id: 8,
            start: at("10:00"),
            end: at("10:30"),
            blocked: { start: at("10:00"), end: at("10:30") },
            state: "cancelled",
          }),
        ],
      }),
    );
    const kinds = view.blocks.filter((block) => block.kind !== "closed" && block.kind !== "break");
    expect(kinds).toEqual([
      { kind: "buffer", staffMemberId: 1, date: "2026-12-03", start: "09:45", end: "10:00" },
      {
        kind: "appointment",
        staffMemberId: 1,
        date: "2026-12-03",
        start: "10:00",
        end: "10:30",
        appointmentId: 7,
        state: "awaitingPayment",
        title: "Kari",
        places: { taken: 3, of: 8 },
      },
      { kind: "buffer", staffMemberId: 1, date: "2026-12-03", start: "10:30", end: "10:45" },
    ]);
  });

  it("closes the whole date of someone away, and shows 08–18 when nobody works", () => {
    const view = dayViewOf(day({ away: true, hours: [], breaks: [] }));
    expect(view.blocks).toEqual([{ kind: "closed", staffMemberId: 1, date: "2026-12-03", start: "00:00", end: "24:00" }]);
    expect([view.from, view.to]).toEqual(["08:00", "18:00"]);
  });

  it("turns a wall-clock start back into the instant the API takes, across a DST change", () => {
    expect(instantAt("2026-12-03", "10:00", "Europe/Oslo")).toBe("2026-12-03T09:00:00.000Z");
    expect(instantAt("2026-07-01", "10:00", "Europe/Oslo")).toBe("2026-07-01T08:00:00.000Z");
  });
});
