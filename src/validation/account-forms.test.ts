import { describe, expect, it } from "vitest";
import { passwordLoginSchema, passwordResetSchema, phoneLoginSchema, tokenLoginSchema, verificationCodeSchema } from "./account-forms.ts";
import { formErrors } from "./form-errors.ts";

describe("account forms (spec §5)", () => {
  it("wants the login phone to be exactly the country's length in digits", () => {
    expect(formErrors(phoneLoginSchema(8), { login: "41234567" })).toEqual({});
    expect(formErrors(phoneLoginSchema(8), { login: "4123456" }).login).toEqual({ key: "phoneValid" });
    expect(formErrors(phoneLoginSchema(8), { login: "4123456a" }).login).toEqual({ key: "phoneValid" });
    expect(formErrors(phoneLoginSchema(10), { login: "2125550123" })).toEqual({});
    expect(formErrors(phoneLoginSchema(10), { login: "41234567" }).login).toEqual({ key: "phoneValid" });
  });

  it("wants a password longer than 5 characters, with the message saying at least 5", () => {
    const check = (value: string) => formErrors(passwordLoginSchema(8), { login: "41234567", password: value }).password;
    expect(check("")).toEqual({ key: "passwordRequired" });
    expect(check("12345")).toEqual({ key: "passwordLength" });
    expect(check("123456")).toBeUndefined();
  });

  it("wants the SMS code to be exactly 5 characters", () => {
    expect(formErrors(verificationCodeSchema, { code: "" }).code).toEqual({ key: "codeRequired" });
    expect(formErrors(verificationCodeSchema, { code: "1234" }).code).toEqual({ key: "codeValid" });
    expect(formErrors(verificationCodeSchema, { code: "123456" }).code).toEqual({ key: "codeValid" });
    expect(formErrors(verificationCodeSchema, { code: "12345" })).toEqual({});
    expect(formErrors(passwordResetSchema, { code: "12345", newPassword: "abc" }).newPassword).toEqual({ key: "passwordLength" });
  });

  it("reads the My Page code as exactly 3 digits", () => {
    expect(formErrors(tokenLoginSchema(8), { phone: "41234567", code: "042" })).toEqual({});
    expect(formErrors(tokenLoginSchema(8), { phone: "41234567", code: "42" }).code).toEqual({ key: "codeValid" });
    expect(formErrors(tokenLoginSchema(8), { phone: "41234567", code: "4a2" }).code).toEqual({ key: "codeValid" });
    expect(formErrors(tokenLoginSchema(8), { phone: "41234567", code: "12345" }).code).toEqual({ key: "codeValid" });
    expect(formErrors(tokenLoginSchema(8), { phone: "412", code: "042" }).phone).toEqual({ key: "phoneValid" });
    expect(formErrors(tokenLoginSchema(10), { phone: "2125550123", code: "042" })).toEqual({});
  });
});
