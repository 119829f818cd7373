import * as v from "valibot";
import { EMAIL_PATTERN } from "../contact-patterns.ts";
import type { FieldDefinition, FieldRule, FormDefinition } from "./form-definition.ts";

/** Fields on screen for these values: a field with shownWhen appears while its switch is on. */
export function visibleFields(definition: FormDefinition, values: Record<string, unknown>): FieldDefinition[] {
  return definition.fields.filter((field) => !field.shownWhen || values[field.shownWhen] === true);
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

function ruleCheck(field: FieldDefinition, rule: FieldRule): (value: unknown) => string | null {
  const name = field.name;
  switch (rule.kind) {
    case "Required":
      return (value) => (isBlank(value) || (field.kind === "Switch" && value !== true && value !== false) ? `${name} is required` : null);
    case "Range":
      return (value) =>
        typeof value === "number" && (value < rule.min || value > rule.max) ? `${name} must be between ${rule.min} and ${rule.max}` : null;
    case "Min":
      return (value) => (typeof value === "number" && value < rule.min ? `${name} must be at least ${rule.min}` : null);
    case "Max":
      return (value) => (typeof value === "number" && value > rule.max ? `${name} must be at most ${rule.max}` : null);
    case "Email":
      return (value) =>
        typeof value === "string" && value !== "" && !EMAIL_PATTERN.test(value.trim()) ? `${name} must be a valid e-mail address` : null;
    case "Phone":
      return (value) =>
        typeof value === "string" && value !== "" && !/^\d{4,15}$/.test(value) ? `${name} must be a valid phone number` : null;
    case "Length":
      return (value) =>
        typeof value === "string" &&
        ((rule.min !== undefined && value.length < rule.min) || (rule.max !== undefined && value.length > rule.max))
          ? `${name} has the wrong length`
          : null;
    case "Pattern":
      return (value) => (typeof value === "string" && value !== "" && !rule.pattern.test(value) ? `${name} is not valid` : null);
  }
}

/** The value's type by field kind; blank values pass here and meet Required later. */
function kindCheck(field: FieldDefinition): (value: unknown) => string | null {
  const name = field.name;
  switch (field.kind) {
    case "Number":
      return (value) => (isBlank(value) || (typeof value === "number" && Number.isFinite(value)) ? null : `${name} must be a number`);
    case "Switch":
      return (value) => (value === undefined || typeof value === "boolean" ? null : `${name} must be on or off`);
    case "Dropdown":
      return (value) =>
        isBlank(value) || field.options?.includes(String(value)) ? null : `${name} must be one of ${field.options?.join(", ")}`;
    case "Date":
    case "DateField":
      return (value) =>
        isBlank(value) || (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) ? null : `${name} must be a date`;
    default:
      return (value) => (value === undefined || value === null || typeof value === "string" ? null : `${name} must be text`);
  }
}

/**
 * A valibot schema for an admin form definition: each visible field's kind and rules
 * (Required, Range, Email, Phone, Pattern, …); hidden fields are not checked. Issues
 * carry the field name as their path.
 */
export function formSchema(definition: FormDefinition) {
  return v.pipe(
    v.record(v.string(), v.unknown()),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const values = dataset.value;
      for (const field of visibleFields(definition, values)) {
        const value = values[field.name];
        const problem = [kindCheck(field), ...field.rules.map((rule) => ruleCheck(field, rule))].map((check) => check(value)).find(Boolean);
        if (problem) addIssue({ message: problem, path: [{ type: "object", origin: "value", input: values, key: field.name, value }] });
      }
    }),
  );
}
