/** An e-mail address: the widget's own rule (spec §5), so client and server agree. */
export { EMAIL_PATTERN } from "../../../src/validation/rules.ts";

/** A phone number as stored: national digits only. */
export const PHONE_PATTERN = /^\d{4,15}$/;
