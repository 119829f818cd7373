import type { Block, DayView } from "./day-view.ts";
import { type DaySearch, daysShown } from "./day-search.ts";

/**
 * The day's grid as data (WAI-ARIA grid pattern): rows are times, columns are staff
 * members (the day view) or the days of one person's week (the week view). The component
 * (DayGrid.tsx) only draws it; what a key, a tap or a drop means is decided here.
 */
export interface GridColumn {
  staffMemberId: number;
  staffName: string;
  date: string;
}

export interface GridCell extends GridColumn {
  row: number;
  column: number;
  /** The slot's start and end, "HH:MM". */
  time: string;
  end: string;
  /** The block that starts in this slot (drawn here, over the slots it covers). */
  starts: Block | null;
  /** Every block over this slot: an appointment, a hold, a break, closed hours … */
  covering: Block[];
}

export interface DayGrid {
  columns: GridColumn[];
  times: string[];
  /** rows × columns */
  cells: GridCell[][];
  /** Rows a Page Up/Down moves: an hour's. */
  pageRows: number;
}

export interface GridPosition {
  row: number;
  column: number;
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export function dayGrid(view: DayView, search: Pick<DaySearch, "date" | "view" | "staff">): DayGrid {
  const person = view.staff.find((member) => member.id === search.staff) ?? view.staff[0];
  const columns: GridColumn[] =
    search.view === "day"
      ? view.staff.map((member) => ({ staffMemberId: member.id, staffName: member.name, date: search.date }))
      : person
        ? daysShown(search).map((date) => ({ staffMemberId: person.id, staffName: person.name, date }))
        : [];
  const times: string[] = [];
  for (let at = minutesOf(view.from); at < minutesOf(view.to); at += view.slotMinutes) times.push(timeOf(at));
  const cells = times.map((time, row) =>
    columns.map((column, index): GridCell => {
      const start = minutesOf(time);
      const end = start + view.slotMinutes;
      const mine = view.blocks.filter((block) => block.staffMemberId === column.staffMemberId && block.date === column.date);
      const covering = mine.filter((block) => minutesOf(block.start) < end && minutesOf(block.end) > start);
      // A block that starts before the first row is drawn in the first row.
      const starts = covering.find((block) => minutesOf(block.start) >= start || row === 0) ?? null;
      return { ...column, row, column: index, time, end: timeOf(end), starts, covering };
    }),
  );
  return { columns, times, cells, pageRows: Math.max(1, Math.round(60 / view.slotMinutes)) };
}

export interface GridKey {
  key: string;
  ctrlKey?: boolean;
}

/**
 * Where focus goes on a key (WAI-ARIA grid): arrows by one cell, Home/End to the row's
 * first/last cell (with Ctrl to the grid's first/last), Page Up/Down by an hour. It
 * stops at the edges; null for a key the grid does not use.
 */
export function cellForKey(
  { key, ctrlKey = false }: GridKey,
  from: GridPosition,
  grid: Pick<DayGrid, "cells" | "pageRows">,
): GridPosition | null {
  const lastRow = grid.cells.length - 1;
  const lastColumn = (grid.cells[0]?.length ?? 0) - 1;
  if (lastRow < 0 || lastColumn < 0) return null;
  const clamp = (row: number, column: number) => ({
    row: Math.min(lastRow, Math.max(0, row)),
    column: Math.min(lastColumn, Math.max(0, column)),
  });
  const { row, column } = from;
  switch (key) {
    case "ArrowUp":
      return clamp(row - 1, column);
    case "ArrowDown":
      return clamp(row + 1, column);
    case "ArrowLeft":
      return clamp(row, column - 1);
    case "ArrowRight":
      return clamp(row, column + 1);
    case "Home":
      return ctrlKey ? clamp(0, 0) : clamp(row, 0);
    case "End":
      return ctrlKey ? clamp(lastRow, lastColumn) : clamp(row, lastColumn);
    case "PageUp":
      return clamp(row - grid.pageRows, column);
    case "PageDown":
      return clamp(row + grid.pageRows, column);
    default:
      return null;
  }
}

/** Whether a booking can start in the slot: nothing over it (no appointment, hold, break, closed hours or buffer). */
export const isFree = (cell: GridCell) => cell.covering.length === 0;

/** The appointment a cell shows, if one is over it (Enter opens it). */
export const appointmentIn = (cell: GridCell) => cell.covering.find((block) => block.kind === "appointment" && block.appointmentId) ?? null;

/** How many rows a block spans from the row it is drawn in. */
export function rowsOf(block: Block, cell: GridCell, slotMinutes: number, lastTime: string): number {
  const from = Math.max(minutesOf(block.start), minutesOf(cell.time));
  const to = Math.min(minutesOf(block.end), minutesOf(lastTime) + slotMinutes);
  return Math.max(1, Math.ceil((to - from) / slotMinutes));
}

/** A move of an appointment: to this staff member, day and start (its length kept). */
export interface AppointmentMove {
  appointmentId: number;
  staffMemberId: number;
  date: string;
  start: string;
}

/**
 * What dropping (or the keyboard's move of) `block` on `target` asks for: the same
 * appointment, its length kept, starting in the target's slot. Null where it means
 * nothing (not an appointment, the place it already has, past midnight). Whether the
 * time is free is the API's to decide: it refuses a taken time with its own message.
 */
export function moveOf(block: Block, target: Pick<GridCell, "staffMemberId" | "date" | "time">): AppointmentMove | null {
  if (block.kind !== "appointment" || block.appointmentId === undefined) return null;
  const same = block.staffMemberId === target.staffMemberId && block.date === target.date && block.start === target.time;
  const length = minutesOf(block.end) - minutesOf(block.start);
  if (same || minutesOf(target.time) + length > 24 * 60) return null;
  return { appointmentId: block.appointmentId, staffMemberId: target.staffMemberId, date: target.date, start: target.time };
}

/** The cell a position names, or null outside the grid. */
export const cellAt = (grid: Pick<DayGrid, "cells">, { row, column }: GridPosition) => grid.cells[row]?.[column] ?? null;

/** Where focus first lands: the first cell at or after `time` in the first column (now, on today). */
export function startPosition(grid: Pick<DayGrid, "times">, time: string | null): GridPosition {
  const row = time === null ? 0 : grid.times.findIndex((slot, i) => slot >= time || i === grid.times.length - 1);
  return { row: Math.max(0, row), column: 0 };
}
