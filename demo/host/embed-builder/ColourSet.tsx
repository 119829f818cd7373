import { useId, useState } from "react";
import { CHOSEN_COLOURS, type ChosenColour, failingPairs, THEME_PALETTES } from "./contrast.ts";
import type { EmbedOptions } from "./embed-options.ts";

const COLOUR_LABELS: Record<ChosenColour, string> = {
  "--bw-color-primary": "Main colour",
  "--bw-color-primary-text": "Text on the main colour",
  "--bw-color-bg": "Background",
  "--bw-color-text": "Text",
};

/** A theme mode's colours: each pick is checked against the widget's surfaces; the snippet keeps the last passing set. */
export function ColourSet({
  mode,
  chosen,
  onPass,
}: {
  mode: "light" | "dark";
  chosen: EmbedOptions["colours"]["light"];
  onPass: (colours: EmbedOptions["colours"]["light"]) => void;
}) {
  const [draft, setDraft] = useState(chosen);
  const failing = failingPairs(mode, draft);
  const problemId = useId();
  const pick = (property: ChosenColour, colour: string | undefined) => {
    const next = { ...draft };
    if (colour) next[property] = colour;
    else delete next[property];
    setDraft(next);
    if (failingPairs(mode, next).length === 0) onPass(next);
  };
  const modeName = mode === "light" ? "Light" : "Dark";
  return (
    <fieldset>
      <legend>{modeName} colours</legend>
      {CHOSEN_COLOURS.map((property) => (
        <ColourField
          key={property}
          label={`${modeName}: ${COLOUR_LABELS[property]}`}
          value={draft[property] ?? THEME_PALETTES[mode][property]}
          changed={draft[property] !== undefined}
          describedBy={failing.length ? problemId : undefined}
          onChange={(colour) => pick(property, colour)}
        />
      ))}
      <div id={problemId} role="status" aria-live="polite">
        {failing.length > 0 && (
          <div className="eb-problem">
            <p>Too little contrast (WCAG AA asks 4.5:1 for text); the snippet keeps the last colours that pass:</p>
            <ul>
              {failing.map((pair) => (
                <li key={`${pair.foreground}${pair.background}`}>
                  {pair.where}: {pair.ratio.toFixed(2)}:1 ({pair.foreground} on {pair.background})
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </fieldset>
  );
}

function ColourField({
  label,
  value,
  changed,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  changed: boolean;
  describedBy: string | undefined;
  onChange: (colour: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="eb-colour">
      <input id={id} type="color" value={value} aria-describedby={describedBy} onChange={(event) => onChange(event.target.value)} />
      <label htmlFor={id}>{label}</label>
      {changed && (
        <button type="button" onClick={() => onChange(undefined)} aria-label={`Reset ${label} to the theme's own`}>
          Reset
        </button>
      )}
    </div>
  );
}
