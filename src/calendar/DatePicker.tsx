import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { LoadedDay } from "../contract/schemas/index.ts";
import type { Locale } from "../i18n/locale.ts";
import { canShowMonth, dayStatus, monthGrid, monthOf, shiftMonth, type BookingWindow, type YearMonth } from "./calendar-model.ts";
import { fullDate, monthTitle, weekdayNames, weekStartOf } from "./date-labels.ts";
import { dayForKey, tabStopDay } from "./day-keys.ts";
import { timeMessages } from "./messages.ts";

interface DatePickerProps {
  month: YearMonth;
  window: BookingWindow;
  today: string;
  selected: string;
  loaded: ReadonlyMap<string, LoadedDay>;
  onMonthChange(month: YearMonth): void;
  onSelect(isoDate: string): void;
}

const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month;

/**
 * A month of days between today and the horizon, green where hours are free and red where
 * none are. A WAI-ARIA date grid: one Tab stop, arrows/Home/End/PageUp/PageDown move focus
 * (paging the month when focus leaves it), Enter or Space chooses the day.
 */
export function DatePicker({ month, window, today, selected, loaded, onMonthChange, onSelect }: DatePickerProps) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const weekStart = weekStartOf(locale);
  const grid = useRef<HTMLTableElement>(null);
  // The day the keyboard last moved to; focus follows it after the render that shows it.
  const [focused, setFocused] = useState<string | null>(null);
  const focusPending = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new selection ends the keyboard's own place
  useEffect(() => setFocused(null), [selected]);
  const tabStop = tabStopDay(month, window, [focused, selected, today]);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${tabStop}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = dayForKey(event, from, weekStart, window);
    if (!next) return;
    event.preventDefault();
    focusPending.current = true;
    setFocused(next);
    if (!sameMonth(monthOf(next), month)) onMonthChange(monthOf(next));
  };

  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return (
    <div className="bw-calendar" part="calendar">
      <div className="bw-calendar__nav">
        <button
          type="button"
          className="bw-calendar__step"
          disabled={!canShowMonth(previous, window)}
          onClick={() => onMonthChange(previous)}
          aria-label={_(timeMessages.previousMonth)}
        >
          ‹
        </button>
        <p className="bw-calendar__month" aria-live="polite">
          {monthTitle(month, locale)}
        </p>
        <button
          type="button"
          className="bw-calendar__step"
          disabled={!canShowMonth(next, window)}
          onClick={() => onMonthChange(next)}
          aria-label={_(timeMessages.nextMonth)}
        >
          ›
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA's date grid is a table with the grid role */}
      <table ref={grid} className="bw-calendar__grid" role="grid" aria-label={_(timeMessages.calendar)} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdayNames(locale).map((name) => (
              <th key={name.long} scope="col" abbr={name.long}>
                {name.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month, weekStart).map((week, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a week is its row of the month's fixed grid
            <tr key={index}>
              {week.map((isoDate, cell) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is its place in the week
                if (!isoDate) return <td key={cell} />;
                const status = dayStatus(isoDate, window, loaded);
                const date = fullDate(isoDate, locale);
                const count = loaded.get(isoDate)?.hoursToBook.length ?? 0;
                const label =
                  status === "available"
                    ? _({ ...timeMessages.dayAvailable, values: { date, count } })
                    : status === "full"
                      ? _({ ...timeMessages.dayFull, values: { date } })
                      : date;
                return (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a cell of a grid is a gridcell, which takes aria-selected
                  <td key={isoDate} aria-selected={isoDate === selected}>
                    <button
                      type="button"
                      className={`bw-day bw-day--${status}`}
                      data-date={isoDate}
                      tabIndex={isoDate === tabStop ? 0 : -1}
                      disabled={status === "outside"}
                      aria-label={label}
                      aria-pressed={isoDate === selected}
                      aria-current={isoDate === today ? "date" : undefined}
                      onClick={() => onSelect(isoDate)}
                      onFocus={() => setFocused(isoDate)}
                    >
                      {Number(isoDate.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
