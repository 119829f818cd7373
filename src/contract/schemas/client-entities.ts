import * as v from "valibot";
import { DialogType } from "../enumerations.ts";

/**
 * Entities of spec §3 that live in the client rather than in API answers. Their
 * schemas guard data the widget reads back from storage or builds from tables.
 */

/** One row of the country table (spec §9): dial code and national number length. */
export const CountryEntry = v.object({
  code: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, "must be an ISO 3166 alpha-2 code")),
  name: v.pipe(v.string(), v.minLength(1)),
  dialCode: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999)),
  flag: v.string(),
  phoneNumberLength: v.pipe(v.number(), v.integer(), v.minValue(4), v.maxValue(15)),
});
export type CountryEntry = v.InferOutput<typeof CountryEntry>;

/** An entry of the dialog queue (spec §4 "Dialog queue"). */
export const DialogEntry = v.object({
  text: v.string(),
  header: v.optional(v.string()),
  icon: v.optional(v.string()),
  type: v.picklist([DialogType.Message, DialogType.Choice, DialogType.YesNo]),
  action: v.optional(v.function()),
  cancelAction: v.optional(v.function()),
  /** Seconds the confirm button stays disabled. */
  actionButtonDelay: v.optional(v.pipe(v.number(), v.minValue(0)), 0),
  setBusyToFalseAfter: v.optional(v.boolean(), true),
});
export type DialogEntry = v.InferInput<typeof DialogEntry>;

/** A snackbar: neutral, green for success, red for error (spec §8). */
export const Snackbar = v.object({
  message: v.pipe(v.string(), v.minLength(1)),
  colour: v.picklist(["neutral", "success", "error"]),
  loading: v.optional(v.boolean(), false),
});
export type Snackbar = v.InferInput<typeof Snackbar>;
