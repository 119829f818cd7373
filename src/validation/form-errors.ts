import * as v from "valibot";
import { decodeError, type ValidationError } from "./validation-messages.ts";

/**
 * The first error of each field ("customFields.Insurance number" for a custom field),
 * or an empty object when the values pass: what a form shows under its inputs.
 */
export function formErrors(schema: v.GenericSchema, values: unknown): Record<string, ValidationError> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: Record<string, ValidationError> = {};
  for (const issue of result.issues) {
    const field = issue.path?.map((item) => String(item.key)).join(".") ?? "";
    errors[field] ??= decodeError(issue.message);
  }
  return errors;
}
