import { useLingui } from "@lingui/react";
import { validationText, type ValidationError } from "./validation-messages.ts";

/** A form's errors as translated texts: errorText(field) is undefined for a valid field. */
export function useErrorText(errors: Record<string, ValidationError>) {
  const { i18n } = useLingui();
  return (field: string) => {
    const error = errors[field];
    return error ? validationText(i18n, error) : undefined;
  };
}
