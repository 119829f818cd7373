import { useId, type ReactNode } from "react";

/** What a field's control spreads on itself: its id (the label's), and the error that describes it. */
export interface FieldControl {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  label: string;
  /** The translated error under the input, if any. */
  error?: string | undefined;
  /** Marks the field optional in its label. */
  optionalText?: string | undefined;
  /**
   * The control: `<input {...control} />` wires it; the parts apart for a control that
   * takes them otherwise (a select of our own, a code field also described by a sentence).
   */
  children: (field: { control: FieldControl; id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** A labelled form control with its error: the label names it, the error describes it. The one place this wiring is written. */
export function Field({ label, error, optionalText, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`bw-field${error ? " bw-field--invalid" : ""}`} part="field">
      <label htmlFor={id} className="bw-field__label">
        {label}
        {optionalText && <span className="bw-field__optional"> ({optionalText})</span>}
      </label>
      {children({
        control: { id, "aria-invalid": Boolean(error), "aria-describedby": error ? errorId : undefined },
        id,
        describedBy: error ? errorId : undefined,
        invalid: Boolean(error),
      })}
      {error && (
        <p id={errorId} className="bw-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
