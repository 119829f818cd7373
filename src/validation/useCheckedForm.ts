import { useState, type FormEvent } from "react";
import * as v from "valibot";
import { formErrors } from "./form-errors.ts";

/**
 * A form checked against `schema`: its errors show from the first submit on, and
 * `submit(onValid)` is an onSubmit handler that calls `onValid` only when `values` pass.
 */
export function useCheckedForm(schema: v.GenericSchema, values: unknown) {
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? formErrors(schema, values) : {};
  const submit = (onValid: () => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(formErrors(schema, values)).length === 0) onValid();
  };
  return { errors, submit };
}
