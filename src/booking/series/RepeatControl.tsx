import { useLingui } from "@lingui/react";
import { useId } from "react";
import type { SeriesRule } from "../../contract/schemas/index.ts";
import { seriesMessages as m } from "./messages.ts";
import { countCut, seriesCounts, type SeriesWish } from "./series-plan.ts";

interface RepeatControlProps {
  rule: SeriesRule;
  /** The day shown: the series' first date, which the counts fit into the booking window from. */
  first: string;
  lastDate: string;
  /** The ticked wish as it fits from `first` (fittingWish), or null. */
  wish: SeriesWish | null;
  /** The wish as the visitor asked for it: when more than fits, the control says why. */
  asked: SeriesWish | null;
  /** The booking window's length (maxDaysInAdvanceForBooking), which the why names. */
  windowDays: number;
  onChange(wish: SeriesWish | null): void;
}

/** The time step's "repeat" (issue 42): a service that allows a series may be booked every N weeks, N times. */
export function RepeatControl({ rule, first, lastDate, wish, asked, windowDays, onChange }: RepeatControlProps) {
  const { _ } = useLingui();
  const everyId = useId();
  const timesId = useId();
  const everyWeeks = wish?.everyWeeks ?? rule.everyWeeks[0]!;
  const counts = seriesCounts(rule, everyWeeks, first, lastDate);
  const count = wish?.count ?? 0;
  const cut = countCut(rule, asked, first, lastDate);
  const whyId = useId();
  return (
    <div className="bw-repeat" part="repeat">
      <label className="bw-choice">
        <input
          type="checkbox"
          checked={wish !== null}
          disabled={counts.length === 0 && wish === null}
          onChange={(e) => onChange(e.target.checked ? { everyWeeks, count: Math.min(4, counts.at(-1) ?? 2) } : null)}
        />
        <span>{_(m.repeat)}</span>
      </label>
      {wish && (
        <span className="bw-repeat__choices">
          <label htmlFor={everyId}>{_(m.every)}</label>
          <select id={everyId} value={everyWeeks} onChange={(e) => onChange({ everyWeeks: Number(e.target.value), count })}>
            {rule.everyWeeks.map((weeks) => (
              <option key={weeks} value={weeks}>
                {_({ ...m.weeks, values: { count: weeks } })}
              </option>
            ))}
          </select>
          <label htmlFor={timesId}>{_(m.times)}</label>
          <select
            id={timesId}
            value={count}
            aria-describedby={cut ? whyId : undefined}
            onChange={(e) => onChange({ everyWeeks, count: Number(e.target.value) })}
          >
            {counts.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      )}
      {/* Always there, so that a cut made by another choice (every 2 weeks) is announced. */}
      <p id={whyId} className="bw-repeat__why" role="status">
        {wish && cut
          ? _(
              cut.by === "window"
                ? { ...m.fitWindow, values: { count: cut.fits, days: windowDays } }
                : { ...m.fitService, values: { count: cut.fits } },
            )
          : ""}
      </p>
    </div>
  );
}
