import { useId, type ReactNode } from "react";

interface FieldProps {
  label: string;
  /** The translated error under the input, if any. */
  error?: string | undefined;
  /** Marks the field optional in its label. */
  optionalText?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** A labelled form control with its error: the label names it, the error describes it. */
export function Field({ label, error, optionalText, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`bw-field${error ? " bw-field--invalid" : ""}`} part="field">
      <label htmlFor={id} className="bw-field__label">
        {label}
        {optionalText && <span className="bw-field__optional"> ({optionalText})</span>}
      </label>
      {children({ id, describedBy: error ? errorId : undefined, invalid: Boolean(error) })}
      {error && (
        <p id={errorId} className="bw-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
