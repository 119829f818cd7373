import { useEffect, useRef, useState, type FormEvent } from "react";
import type * as v from "valibot";
import { formErrors } from "./form-errors.ts";

/**
 * A form checked against `schema`: its errors show from the first submit on, and
 * `submit(onValid)` is an onSubmit handler that calls `onValid` only when `values` pass.
 * A submit that does not pass moves focus to the first invalid field, once its error shows.
 */
export function useCheckedForm(schema: v.GenericSchema, values: unknown) {
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState(0);
  const form = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (refused > 0) form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [refused]);
  const errors = submitted ? formErrors(schema, values) : {};
  /** Checks now, as a submit of `target` would (a button that checks part of a form: issue 57). */
  const check = (target: HTMLFormElement | null, onValid: () => void) => {
    setSubmitted(true);
    if (Object.keys(formErrors(schema, values)).length === 0) return onValid();
    form.current = target;
    setRefused((count) => count + 1);
  };
  const submit = (onValid: () => void) => (event: FormEvent) => {
    event.preventDefault();
    check(event.currentTarget as HTMLFormElement, onValid);
  };
  return { errors, submit, check };
}
