import { describe, expect, it } from "vitest";
import { widgetAccount } from "../../tests/support/widget-builders.ts";
import { sessionAccount, sessionOf } from "./session.ts";

const customer = widgetAccount;

describe("My Page session", () => {
  it("keeps the account's own token when the server hands it out", () => {
    const account = sessionAccount(customer({ customerAccountIdentificationCode: "long-token", verified: true }), {
      token: "042",
      login: "41234567",
    });
    expect(sessionOf(account)).toEqual({ token: "long-token", login: "41234567" });
  });

  it("keeps the code it logged in with otherwise, and the phone when the answer lacks it", () => {
    const account = sessionAccount(customer({ phoneNumber: "" }), { token: "042", login: "41234567" });
    expect(sessionOf(account)).toEqual({ token: "042", login: "41234567" });
  });

  it("has no session without an account, a token, or a phone or e-mail", () => {
    expect(sessionOf(null)).toBeNull();
    expect(sessionOf(customer())).toBeNull();
    expect(sessionOf(customer({ customerAccountIdentificationCode: "t", phoneNumber: "" }))).toBeNull();
  });

  it("logs an account proven by e-mail alone in by its e-mail (issue 57)", () => {
    const account = sessionAccount(
      customer({ phoneNumber: "", emailAddress: "Ola@Example.com", customerAccountIdentificationCode: "long-token", verified: true }),
      { token: "12345", login: "ola@example.com" },
    );
    expect(sessionOf(account)).toEqual({ token: "long-token", login: "ola@example.com" });
    expect(account.phoneNumber).toBe("");
  });
});
