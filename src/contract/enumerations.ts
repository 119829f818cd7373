/**
 * The enumerations of spec §3: value lists with their types, and, where the API sends a
 * number, a TypeScript enum (its names read back by number: VerificationType[2] is "Phone").
 */

/** A provider's verificationType (spec §3): how a booking is verified. */
export enum VerificationType {
  None = 0,
  Email = 1,
  Phone = 2,
}

/** A provider's onlineTransactionProvider (spec §3): 1 the first payment provider, 2 card, 3 the mobile wallet. */
export enum OnlineProvider {
  None = 0,
  PayU = 1,
  Card = 2,
  Vipps = 3,
}

/** A dialog entry's type (spec §3): a message (OK), a choice (action and Cancel), yes/no. */
export enum DialogType {
  Message = 0,
  Choice = 1,
  YesNo = 2,
}

/** Customer gender values (spec §3/§9). */
export const GENDERS = ["Mann", "Kvinne"] as const;
