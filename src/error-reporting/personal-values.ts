/** The fields of the visitor's details (form values, account, the page's prefill) that are personal. */
const PERSONAL_FIELDS = [
  "firstName",
  "lastName",
  "phoneNumber",
  "emailAddress",
  "address",
  "postalCode",
  "ssn",
  "dateOfBirth",
  "customerAccountIdentificationCode",
  "email",
  "phone",
] as const;

/** The visitor's own details in `sources` (the widget's customer, account and prefill), to be scrubbed from any error report. */
export function personalValues(sources: readonly (object | null | undefined)[]): string[] {
  const values: unknown[] = [];
  for (const source of sources) {
    if (!source) continue;
    const record = source as Record<string, unknown>;
    for (const field of PERSONAL_FIELDS) values.push(record[field]);
    const custom = record.customFields;
    if (custom && typeof custom === "object" && !Array.isArray(custom)) values.push(...Object.values(custom));
  }
  return values.filter((value): value is string => typeof value === "string" && value.trim().length >= 2);
}
