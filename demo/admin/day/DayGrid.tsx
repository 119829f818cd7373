import { useLingui } from "@lingui/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { m } from "../i18n/messages.ts";
import { blockWords } from "./block-words.ts";
import { dayName } from "./date-words.ts";
import {
  type AppointmentMove,
  appointmentIn,
  cellAt,
  cellForKey,
  type DayGrid as Grid,
  type GridCell,
  type GridPosition,
  isFree,
  moveOf,
  rowsOf,
} from "./day-grid.ts";
import type { Block } from "./day-view.ts";
import { BlockView, useDropCell } from "./grid-drag.tsx";

interface DayGridProps {
  grid: Grid;
  slotMinutes: number;
  label: string;
  /** Where focus starts (the slot of now on today). */
  start: GridPosition;
  onOpen(appointmentId: number): void;
  /** A free slot pressed or tapped: a booking starts there (null: the role cannot book). */
  onStartBooking: ((cell: GridCell) => void) | null;
  /** A block dropped on a slot (null: the role cannot move). */
  onMove: ((move: AppointmentMove) => void) | null;
}

/**
 * The staff-by-time grid, drawn from its model (day-grid.ts): a WAI-ARIA grid with one
 * Tab stop; arrows, Home/End and Page Up/Down move, each move announced in a polite live
 * region; Enter or a tap opens the appointment there, or starts a booking in a free slot.
 */
export function DayGrid({ grid, slotMinutes, label, start, onOpen, onStartBooking, onMove }: DayGridProps) {
  const { _, i18n } = useLingui();
  const [focus, setFocus] = useState<GridPosition>(start);
  const [announcement, setAnnouncement] = useState("");
  // An appointment picked up with M, carried by the arrows, put down with Enter (the keyboard's drag).
  const [carrying, setCarrying] = useState<Block | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const focusPending = useRef(false);
  const here = cellAt(grid, focus) ? focus : start;
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    table.current?.querySelector<HTMLElement>(`[data-row="${here.row}"][data-column="${here.column}"]`)?.focus();
  });

  const nameOf = (cell: GridCell) =>
    _({
      ...m.cell,
      values: {
        staff: cell.staffName,
        date: dayName(cell.date, i18n.locale),
        time: cell.time,
        what: cell.covering.length ? cell.covering.map((block) => blockWords(block, i18n)).join("; ") : _(m.free),
      },
    });
  const press = (cell: GridCell) => {
    const appointment = appointmentIn(cell);
    if (appointment?.appointmentId) onOpen(appointment.appointmentId);
    else if (isFree(cell) && onStartBooking) onStartBooking(cell);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    if (target.dataset.row === undefined || event.altKey || event.metaKey) return;
    const from = { row: Number(target.dataset.row), column: Number(target.dataset.column) };
    if (carrying && (event.key === "Escape" || event.key === "Enter")) {
      event.preventDefault();
      const move = event.key === "Enter" ? moveOf(carrying, cellAt(grid, from)!) : null;
      setCarrying(null);
      setAnnouncement(_(m.moveCancelled));
      if (move && onMove) {
        setAnnouncement(nameOf(cellAt(grid, from)!));
        onMove(move);
      }
      return;
    }
    const picked = cellAt(grid, from);
    if (!carrying && onMove && (event.key === "m" || event.key === "M") && picked && appointmentIn(picked)) {
      event.preventDefault();
      const block = appointmentIn(picked)!;
      setCarrying(block);
      setAnnouncement(_({ ...m.pickedUp, values: { title: block.title ?? "" } }));
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const cell = cellAt(grid, from);
      if (cell) press(cell);
      return;
    }
    const next = cellForKey(event, from, grid);
    if (!next) return;
    event.preventDefault();
    focusPending.current = true;
    setFocus(next);
    const cell = cellAt(grid, next)!;
    setAnnouncement(carrying ? _({ ...m.carryTo, values: { title: carrying.title ?? "", cell: nameOf(cell) } }) : nameOf(cell));
  };

  const lastTime = grid.times.at(-1) ?? "00:00";
  return (
    <div className="admin-grid-scroll">
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA's grid is a table with the grid role (as the widget's date picker) */}
      <table ref={table} role="grid" className="admin-grid" aria-label={label} aria-describedby="admin-grid-keys" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            <th scope="col">{_(m.time)}</th>
            {grid.columns.map((column) => (
              <th scope="col" key={`${column.staffMemberId}-${column.date}`}>
                {grid.columns.every((other) => other.date === column.date) ? column.staffName : dayName(column.date, i18n.locale, true)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.cells.map((row, index) => (
            <tr key={grid.times[index]}>
              <th scope="row">{grid.times[index]}</th>
              {row.map((cell) => (
                <SlotCell
                  key={cell.column}
                  cell={cell}
                  name={nameOf(cell)}
                  tabStop={cell.row === here.row && cell.column === here.column}
                  target={!!carrying && cell.row === here.row && cell.column === here.column}
                  rows={cell.starts ? rowsOf(cell.starts, cell, slotMinutes, lastTime) : 0}
                  words={cell.starts ? blockWords(cell.starts, i18n) : ""}
                  onPress={() => {
                    setFocus({ row: cell.row, column: cell.column });
                    press(cell);
                  }}
                  onMove={onMove}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p id="admin-grid-keys" className="admin-hint">
        {_(m.keysHelp)}
        {onMove ? ` ${_(m.keysMoveHelp)}` : ""}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

interface SlotCellProps {
  cell: GridCell;
  name: string;
  tabStop: boolean;
  /** Where a carried appointment would go. */
  target: boolean;
  rows: number;
  words: string;
  onPress(): void;
  onMove: ((move: AppointmentMove) => void) | null;
}

function SlotCell({ cell, name, tabStop, target, rows, words, onPress, onMove }: SlotCellProps) {
  const { dropProps, isDropTarget, ref } = useDropCell(cell, onMove);
  const block = cell.starts;
  const kinds = [...new Set(cell.covering.map((covering) => covering.kind))];
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid's keydown (on the table) handles Enter and Space for every cell
    <td
      ref={ref}
      {...dropProps}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a grid's td is its gridcell, said outright (not every reader infers it)
      role="gridcell"
      tabIndex={tabStop ? 0 : -1}
      aria-label={name}
      data-row={cell.row}
      data-column={cell.column}
      className={["admin-slot", ...kinds.map((kind) => `admin-slot--${kind}`), isDropTarget || target ? "admin-slot--drop" : ""].join(" ")}
      onClick={onPress}
    >
      {block ? <BlockView block={block} draggable={!!onMove && block.kind === "appointment"} rows={rows} words={words} /> : null}
    </td>
  );
}
