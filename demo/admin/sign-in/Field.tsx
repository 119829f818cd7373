import { useLingui } from "@lingui/react";
import type { MessageDescriptor } from "@lingui/core";
import { type InputHTMLAttributes, useId } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: MessageDescriptor;
  /** The rule the value broke, in words (shown under the field and named by it). */
  error?: MessageDescriptor | undefined;
}

/** A labelled input with its error tied to it (aria-invalid, aria-describedby). */
export function Field({ label, error, ...input }: FieldProps) {
  const { _ } = useLingui();
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{_(label)}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {_(error)}
        </p>
      ) : null}
    </div>
  );
}
