import { useId } from "react";

// The builder's labelled controls: radio groups and check groups in fieldsets, selects and text fields.

export function Choice<T extends string>({
  legend,
  value,
  choices,
  onChange,
  disabled = [],
  hint,
}: {
  legend: string;
  value: T;
  choices: [T, string][];
  onChange: (value: T) => void;
  disabled?: T[];
  hint?: string | undefined;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map(([choice, label]) => (
        <label key={choice} className="eb-check">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            disabled={disabled.includes(choice)}
            onChange={() => onChange(choice)}
          />
          {label}
        </label>
      ))}
      {hint && <p className="eb-note">{hint}</p>}
    </fieldset>
  );
}

export function Checks<T extends string>({
  legend,
  hint,
  all,
  ticked,
  label,
  onChange,
}: {
  legend: string;
  hint?: string;
  all: readonly T[];
  ticked: readonly T[];
  label: (value: T) => string;
  onChange: (ticked: T[]) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {hint && <p className="eb-note">{hint}</p>}
      {all.map((value) => (
        <label key={value} className="eb-check">
          <input
            type="checkbox"
            checked={ticked.includes(value)}
            onChange={(event) =>
              onChange(event.target.checked ? all.filter((v) => v === value || ticked.includes(v)) : ticked.filter((v) => v !== value))
            }
          />
          {label(value)}
        </label>
      ))}
    </fieldset>
  );
}

export function SelectField({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="eb-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TextField({
  label,
  hint,
  value,
  onChange,
  problem,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
}) {
  const id = useId();
  return (
    <div className="eb-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="eb-note">
        {hint}
      </p>
      {problem && (
        <p id={`${id}-problem`} className="eb-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
