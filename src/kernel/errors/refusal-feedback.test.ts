import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { refusalFeedback } from "./refusal-feedback.ts";
import { shellMessages } from "../shell-messages.ts";

const refused = (status: number, refusal?: string, retryAfterSeconds?: number) =>
  new ApiError({ kind: "http", path: "CustomerAccount/byPhoneAndPassword", status, refusal, retryAfterSeconds });
const wrongPassword = { id: "errors.wrongPassword", message: "Wrong password" };

describe("refusalFeedback", () => {
  it("says what the caller has words for, by the refusal's code", () => {
    expect(refusalFeedback(refused(401, "wrong-password"), { "wrong-password": wrongPassword })).toEqual({
      code: "wrong-password",
      text: wrongPassword,
    });
  });

  it("never decides by the status: a 401 with another code, or with none, is the general failure", () => {
    for (const error of [refused(401, "unknown-phone"), refused(401), refused(404, "unknown-phone")])
      expect(refusalFeedback(error, { "wrong-password": wrongPassword })).toEqual({ code: "failed", text: shellMessages.failed });
  });

  it("a limit says to wait, with the minutes the API gave; a bare 429 from an API without codes too", () => {
    const named = refusalFeedback(refused(429, "too-many-attempts", 600));
    expect(named.code).toBe("too-many-attempts");
    expect(named.text).toMatchObject({ id: "account.waitMinutes", values: { minutes: 10 } });
    expect(refusalFeedback(refused(429)).text).toMatchObject({ id: "account.tooManyAttempts" });
    expect(refusalFeedback(refused(429, "too-many-codes")).code).toBe("too-many-attempts");
  });

  it("an unreachable API or anything that is not an API error is the general failure", () => {
    expect(refusalFeedback(new ApiError({ kind: "network", path: "x" })).code).toBe("failed");
    expect(refusalFeedback(new Error("boom")).code).toBe("failed");
  });
});
