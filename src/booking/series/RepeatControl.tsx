import { useLingui } from "@lingui/react";
import { useId } from "react";
import type { SeriesRule } from "../../contract/schemas/index.ts";
import { seriesMessages as m } from "./messages.ts";
import { seriesCounts, type SeriesWish } from "./series-plan.ts";

interface RepeatControlProps {
  rule: SeriesRule;
  /** The day shown: the series' first date, which the counts fit into the booking window from. */
  first: string;
  lastDate: string;
  /** The ticked wish as it fits from `first` (fittingWish), or null. */
  wish: SeriesWish | null;
  onChange(wish: SeriesWish | null): void;
}

/** The time step's "repeat" (issue 42): a service that allows a series may be booked every N weeks, N times. */
export function RepeatControl({ rule, first, lastDate, wish, onChange }: RepeatControlProps) {
  const { _ } = useLingui();
  const everyId = useId();
  const timesId = useId();
  const everyWeeks = wish?.everyWeeks ?? rule.everyWeeks[0]!;
  const counts = seriesCounts(rule, everyWeeks, first, lastDate);
  const count = wish?.count ?? 0;
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
          <select id={timesId} value={count} onChange={(e) => onChange({ everyWeeks, count: Number(e.target.value) })}>
            {counts.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      )}
    </div>
  );
}
