/** An e-mail address: text, at-sign, text, dot, text (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A phone number as stored: national digits only. */
export const PHONE_PATTERN = /^\d{4,15}$/;
