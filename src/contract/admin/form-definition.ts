import type { FieldKind } from "../enumerations.ts";

/** One rule of an admin form field (spec §3 validation kinds). */
export type FieldRule =
  | { kind: "Required" }
  | { kind: "Range"; min: number; max: number }
  | { kind: "Min"; min: number }
  | { kind: "Max"; max: number }
  | { kind: "Email" }
  | { kind: "Phone" }
  | { kind: "Length"; min?: number; max?: number }
  | { kind: "Pattern"; pattern: RegExp };

export interface FieldDefinition {
  name: string;
  kind: FieldKind;
  rules: readonly FieldRule[];
  /** Dropdown choices. */
  options?: readonly string[];
  /** Shown (and checked) only while this switch is on. */
  shownWhen?: string;
}

export interface FormDefinition {
  name: string;
  fields: readonly FieldDefinition[];
}

/** The numeric maximum of spec §9. */
export const INT_MAX = 2147483647;

export const required = { kind: "Required" } as const;
export const range = (min: number, max: number) => ({ kind: "Range", min, max }) as const;
