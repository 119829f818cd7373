import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { refusalOf } from "./refusal-of.ts";

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
