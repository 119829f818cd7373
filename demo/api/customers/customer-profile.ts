import * as v from "valibot";
import { CustomField, loginOf, PHONE_PATTERN } from "booking-widget/contract";
import { IdInput } from "../http-errors.ts";

const Text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `must be at most ${max} characters`)), "");

/** A login: the phone number as national digits. */
export const Login = v.pipe(v.string("is required"), v.regex(PHONE_PATTERN, "must be 4 to 15 digits"));

/**
 * Who logs in to My Page (issue 57): the account's phone number, or the e-mail address of
 * an account proven by e-mail alone, read as loginOf reads it (the channel it names, and
 * an e-mail in lower case).
 */
export const PhoneOrEmailLogin = v.pipe(
  v.string("is required"),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const login = loginOf(dataset.value);
    if (login) return login;
    addIssue({ message: "must be a phone number of 4 to 15 digits or an e-mail address" });
    return NEVER;
  }),
);
/** The same login as the text the spec's calls carry in `phoneNumber`. */
export const LoginText = v.pipe(
  PhoneOrEmailLogin,
  v.transform((login) => login.login),
);

/** Spec §5: longer than 5 characters. */
export const Password = v.pipe(
  v.string("is required"),
  v.minLength(6, "must be longer than 5 characters"),
  v.maxLength(200, "must be at most 200 characters"),
);

const profileEntries = {
  adminId: IdInput,
  firstName: Text(200),
  lastName: Text(200),
  emailAddress: Text(254),
  address: Text(200),
  postalCode: Text(20),
  city: Text(100),
  phoneNumber: Login,
  phoneNumberCountryCode: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999))),
  ssn: Text(20),
  dateOfBirth: v.nullish(v.pipe(v.string(), v.isoDate("must be a date (YYYY-MM-DD)")), null),
  gender: v.nullish(v.picklist(["Mann", "Kvinne"], "must be Mann or Kvinne"), null),
  country: v.optional(v.string()),
  customFields: v.optional(v.pipe(v.array(CustomField), v.maxLength(50)), []),
};

/** POST CustomerAccount: a new profile with its password. */
export const NewProfile = v.object({ ...profileEntries, password: Password });
export type NewProfile = v.InferOutput<typeof NewProfile>;

/**
 * PUT CustomerAccount: the edited profile, identified by the account's phone number
 * plus its token (customerAccountIdentificationCode) or its password.
 */
export const EditedProfile = v.object({
  ...profileEntries,
  /** The account's phone, or the e-mail of an account proven by e-mail alone (issue 57): who logged in. */
  phoneNumber: LoginText,
  password: v.optional(v.pipe(v.string(), v.maxLength(200))),
  customerAccountIdentificationCode: v.nullish(v.pipe(v.string(), v.maxLength(200))),
});
export type EditedProfile = v.InferOutput<typeof EditedProfile>;

export const PhoneLogin = v.object({ adminId: IdInput, login: Login });
export const PasswordLogin = v.object({ adminId: IdInput, login: Login, password: v.pipe(v.string("is required"), v.maxLength(200)) });
export const PasswordReset = v.object({
  adminId: IdInput,
  login: Login,
  code: v.pipe(v.string("is required"), v.regex(/^\d{5}$/, "must be 5 digits")),
  newPassword: Password,
});

/**
 * The new profile sent with the code that proves its phone (Appointment/verify with
 * `password`, our extension): the owner's own values, which replace whatever anybody
 * stored for the phone before it was proven.
 */
export const ProvenProfile = v.object({
  firstName: profileEntries.firstName,
  lastName: profileEntries.lastName,
  emailAddress: profileEntries.emailAddress,
  address: profileEntries.address,
  postalCode: profileEntries.postalCode,
  city: profileEntries.city,
  ssn: profileEntries.ssn,
  dateOfBirth: profileEntries.dateOfBirth,
  gender: profileEntries.gender,
});
export type ProvenProfile = v.InferOutput<typeof ProvenProfile>;
