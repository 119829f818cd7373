import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { type ComponentProps, useId } from "react";

interface SelectFieldProps extends ComponentProps<"select"> {
  label: MessageDescriptor;
  options: readonly { value: string; label: string }[];
  error?: MessageDescriptor | undefined;
}

/** A labelled <select> with its error tied to it, as Field is for an input (react-hook-form registers it). */
export function SelectField({ label, options, error, ...select }: SelectFieldProps) {
  const { _ } = useLingui();
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{_(label)}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {_(error)}
        </p>
      ) : null}
    </div>
  );
}
