import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { lockedUntil, waitMessage } from "./wait-message.ts";

const tooMany = (retryAfterSeconds?: number) => new ApiError({ kind: "http", path: "Appointment/verify", status: 429, retryAfterSeconds });

describe("waitMessage and lockedUntil", () => {
  it("says how many whole minutes to wait when the API said it, rounding up", () => {
    expect(waitMessage(tooMany(61))).toMatchObject({ id: "account.waitMinutes", values: { minutes: 2 } });
    expect(waitMessage(tooMany(5))).toMatchObject({ id: "account.waitMinutes", values: { minutes: 1 } });
    expect(lockedUntil(tooMany(90), 1_000)).toBe(91_000);
  });

  it("says to wait a few minutes when it did not", () => {
    expect(waitMessage(tooMany())).toMatchObject({ id: "account.tooManyAttempts" });
    expect(waitMessage(new Error("x"))).toMatchObject({ id: "account.tooManyAttempts" });
    expect(lockedUntil(tooMany())).toBeUndefined();
  });
});
