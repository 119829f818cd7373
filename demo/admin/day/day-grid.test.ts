import { describe, expect, it } from "vitest";
import { appointmentIn, cellAt, cellForKey, dayGrid, isFree, moveOf, rowsOf, startPosition } from "./day-grid.ts";
import type { Block, DayView } from "./day-view.ts";

const block = (over: Partial<Block>): Block => ({
  kind: "appointment",
  staffMemberId: 1,
  date: "2026-12-03",
  start: "09:00",
  end: "09:30",
  ...over,
});
const view: DayView = {
  timeZone: "Europe/Oslo",
  cursor: "1",
  waitlist: { entries: [], offers: [] },
  slotMinutes: 15,
  from: "09:00",
  to: "11:00",
  staff: [
    { id: 1, name: "Ada" },
    { id: 2, name: "Bo" },
  ],
  blocks: [
    block({ appointmentId: 7, title: "Kari" }),
    block({ kind: "break", staffMemberId: 2, start: "10:00", end: "10:30" }),
    block({ kind: "appointment", appointmentId: 8, date: "2026-12-05", start: "10:15", end: "11:00" }),
  ],
};

describe("the day's grid", () => {
  it("has one column per staff member in the day view, one row per slot", () => {
    const grid = dayGrid(view, { date: "2026-12-03", view: "day" });
    expect(grid.columns.map((column) => column.staffName)).toEqual(["Ada", "Bo"]);
    expect(grid.times).toEqual(["09:00", "09:15", "09:30", "09:45", "10:00", "10:15", "10:30", "10:45"]);
    expect(grid.cells[0]![1]).toMatchObject({ staffName: "Bo", date: "2026-12-03", time: "09:00", end: "09:15" });
  });

  it("has one column per day of one person's week (Monday first) in the week view", () => {
    const grid = dayGrid(view, { date: "2026-12-03", view: "week", staff: 1 });
    expect(grid.columns.map((column) => column.date)).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(new Set(grid.columns.map((column) => column.staffName))).toEqual(new Set(["Ada"]));
    expect(appointmentIn(grid.cells[5]![5]!)?.appointmentId).toBe(8);
  });

  it("draws a block in the slot it starts in and marks every slot it covers as taken", () => {
    const grid = dayGrid(view, { date: "2026-12-03", view: "day" });
    const first = grid.cells[0]![0]!;
    expect(first.starts?.appointmentId).toBe(7);
    expect(grid.cells[1]![0]!.starts).toBeNull();
    expect(isFree(grid.cells[1]![0]!)).toBe(false);
    expect(isFree(grid.cells[2]![0]!)).toBe(true);
    expect(rowsOf(first.starts!, first, 15, grid.times.at(-1)!)).toBe(2);
    expect(grid.cells[4]![1]!.starts?.kind).toBe("break");
    expect(isFree(grid.cells[5]![1]!)).toBe(false);
  });

  it("moves focus by arrows, Home/End, Ctrl+Home/End and an hour by Page Up/Down, stopping at the edges", () => {
    const grid = dayGrid(view, { date: "2026-12-03", view: "day" });
    const at = { row: 2, column: 0 };
    expect(cellForKey({ key: "ArrowDown" }, at, grid)).toEqual({ row: 3, column: 0 });
    expect(cellForKey({ key: "ArrowUp" }, at, grid)).toEqual({ row: 1, column: 0 });
    expect(cellForKey({ key: "ArrowRight" }, at, grid)).toEqual({ row: 2, column: 1 });
    expect(cellForKey({ key: "ArrowLeft" }, at, grid)).toEqual({ row: 2, column: 0 });
    expect(cellForKey({ key: "End" }, at, grid)).toEqual({ row: 2, column: 1 });
    expect(cellForKey({ key: "Home", ctrlKey: true }, { row: 5, column: 1 }, grid)).toEqual({ row: 0, column: 0 });
    expect(cellForKey({ key: "End", ctrlKey: true }, at, grid)).toEqual({ row: 7, column: 1 });
    expect(cellForKey({ key: "PageDown" }, at, grid)).toEqual({ row: 6, column: 0 });
    expect(cellForKey({ key: "PageDown" }, { row: 6, column: 0 }, grid)).toEqual({ row: 7, column: 0 });
    expect(cellForKey({ key: "PageUp" }, at, grid)).toEqual({ row: 0, column: 0 });
    expect(cellForKey({ key: "a" }, at, grid)).toBeNull();
  });

  it("starts focus at the slot of now, or the first", () => {
    const grid = dayGrid(view, { date: "2026-12-03", view: "day" });
    expect(startPosition(grid, "09:40")).toEqual({ row: 3, column: 0 });
    expect(startPosition(grid, "23:00")).toEqual({ row: 7, column: 0 });
    expect(startPosition(grid, null)).toEqual({ row: 0, column: 0 });
  });

  it("reads a drop as a move of the appointment to the slot's staff member and start, its length kept", () => {
    const grid = dayGrid(view, { date: "2026-12-03", view: "day" });
    const appointment = grid.cells[0]![0]!.starts!;
    expect(moveOf(appointment, cellAt(grid, { row: 4, column: 1 })!)).toEqual({
      appointmentId: 7,
      staffMemberId: 2,
      date: "2026-12-03",
      start: "10:00",
    });
    // Its own place, or anything not an appointment, means nothing.
    expect(moveOf(appointment, cellAt(grid, { row: 0, column: 0 })!)).toBeNull();
    expect(moveOf(grid.cells[4]![1]!.starts!, cellAt(grid, { row: 0, column: 0 })!)).toBeNull();
    expect(moveOf(appointment, { staffMemberId: 1, date: "2026-12-03", time: "23:45" })).toBeNull();
  });
});
