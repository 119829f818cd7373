import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { refusalOf, refusedAs, refusedAsLimit } from "./refusal-of.ts";

const answered = (status: number, serverMessage?: string, refusal?: string) =>
  new ApiError({ kind: "http", path: "Appointment", status, ...(serverMessage ? { serverMessage } : {}), ...(refusal ? { refusal } : {}) });

describe("refusalOf", () => {
  it("takes the code the API sent, whatever its words", () => {
    expect(refusalOf(answered(409, "Ocupado", "occupied"))).toBe("occupied");
    expect(refusalOf(answered(403, "Bekreft først", "verification-required"))).toBe("verification-required");
    expect(refusalOf(answered(409, "Cannot book appointment - it's occupied", "time-taken"))).toBe("time-taken");
  });

  it("reads the spec's two texts from an API that sends no code", () => {
    expect(refusalOf(answered(409, "Cannot book appointment - it's occupied"))).toBe("occupied");
    expect(refusalOf(answered(403, "Verification required."))).toBe("verification-required");
  });

  it("names nothing for other answers and failures", () => {
    expect(refusalOf(answered(409, "Something else"))).toBeUndefined();
    expect(refusalOf(answered(500))).toBeUndefined();
    expect(refusalOf(new ApiError({ kind: "network", path: "Appointment" }))).toBeUndefined();
    expect(refusalOf(new Error("Verification required"))).toBeUndefined();
  });
});

describe("refusedAs and refusedAsLimit", () => {
  it("go by the refusal the API names, never by its status", () => {
    expect(refusedAs(answered(400, "Invalid verification code", "wrong-verification-code"), "wrong-verification-code")).toBe(true);
    // A 400 that names another refusal is not a wrong code; a 409 that is not time-taken is not taken.
    expect(refusedAs(answered(400, "Wrong code", "wrong-reset-code"), "wrong-verification-code")).toBe(false);
    expect(refusedAs(answered(409, "Ocupado", "occupied"), "time-taken")).toBe(false);
    expect(refusedAsLimit(answered(429, "Too many", "too-many-holds"))).toBe(true);
    expect(refusedAsLimit(answered(400, "Wrong code", "wrong-verification-code"))).toBe(false);
  });

  it("read the contract's status from an API that names none (the spec's)", () => {
    expect(refusedAs(answered(400, "Invalid verification code"), "wrong-verification-code")).toBe(true);
    expect(refusedAs(answered(409), "time-taken")).toBe(true);
    expect(refusedAsLimit(answered(429))).toBe(true);
    expect(refusedAs(answered(500), "time-taken")).toBe(false);
    expect(refusedAs(new ApiError({ kind: "network", path: "Appointment" }), "time-taken")).toBe(false);
    expect(refusedAsLimit(new Error("429"))).toBe(false);
  });
});
