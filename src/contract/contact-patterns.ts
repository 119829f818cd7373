/** Spec §5: an e-mail address is text, at-sign, text, dot, text. The widget's form and the API both check it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A phone number as the API stores it: national digits only. */
export const PHONE_PATTERN = /^\d{4,15}$/;
