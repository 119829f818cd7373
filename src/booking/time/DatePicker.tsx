import { useLingui } from "@lingui/react";
import type { LoadedDay } from "../../api/schemas/index.ts";
import type { Locale } from "../../i18n/locale.ts";
import { canShowMonth, dayStatus, monthGrid, shiftMonth, type BookingWindow, type YearMonth } from "./calendar-model.ts";
import { longDate, monthTitle, weekdayNames, weekStartOf } from "./date-labels.ts";
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

/** A month of days between today and the horizon, green where hours are free and red where none are. */
export function DatePicker({ month, window, today, selected, loaded, onMonthChange, onSelect }: DatePickerProps) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return (
    <div className="bw-calendar" part="calendar">
      <div className="bw-calendar__nav">
        <button type="button" className="bw-calendar__step" disabled={!canShowMonth(previous, window)} onClick={() => onMonthChange(previous)} aria-label={_(timeMessages.previousMonth)}>
          ‹
        </button>
        <p className="bw-calendar__month" aria-live="polite">
          {monthTitle(month, locale)}
        </p>
        <button type="button" className="bw-calendar__step" disabled={!canShowMonth(next, window)} onClick={() => onMonthChange(next)} aria-label={_(timeMessages.nextMonth)}>
          ›
        </button>
      </div>
      <table className="bw-calendar__grid" aria-label={_(timeMessages.calendar)}>
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
          {monthGrid(month, weekStartOf(locale)).map((week, index) => (
            <tr key={index}>
              {week.map((isoDate, cell) => {
                if (!isoDate) return <td key={cell} />;
                const status = dayStatus(isoDate, window, loaded);
                const date = longDate(isoDate, locale);
                const label = status === "available" ? _({ ...timeMessages.dayAvailable, values: { date } }) : status === "full" ? _({ ...timeMessages.dayFull, values: { date } }) : date;
                return (
                  <td key={isoDate}>
                    <button
                      type="button"
                      className={`bw-day bw-day--${status}`}
                      disabled={status === "outside"}
                      aria-label={label}
                      aria-pressed={isoDate === selected}
                      aria-current={isoDate === today ? "date" : undefined}
                      onClick={() => onSelect(isoDate)}
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
