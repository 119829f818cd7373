import { describe, expect, it } from "vitest";
import { type AccountEvent, type AccountPhase, firstAccountPhase, nextAccountPhase } from "./account-phases.ts";

const walk = (start: AccountPhase, ...events: AccountEvent[]) => events.reduce(nextAccountPhase, start);

describe("account phases", () => {
  it("start logged in with an account's token, else at the phone", () => {
    expect(firstAccountPhase({ customerAccountIdentificationCode: "token" })).toBe("details");
    expect(firstAccountPhase({ customerAccountIdentificationCode: "" })).toBe("phone");
    expect(firstAccountPhase(null)).toBe("phone");
  });

  it("a known phone logs in with its password; an unknown one makes a new profile", () => {
    expect(walk("phone", { type: "phone-looked-up", known: true }, { type: "logged-in" })).toBe("details");
    expect(walk("phone", { type: "phone-looked-up", known: false })).toBe("new");
    expect(walk("new", { type: "other-phone" })).toBe("phone");
  });

  it("a forgotten password goes through the reset code and back to the password", () => {
    expect(walk("password", { type: "reset-code-sent" })).toBe("reset");
    expect(walk("reset", { type: "password-changed" })).toBe("password");
    expect(walk("reset", { type: "back-to-password" })).toBe("password");
    expect(walk("password", { type: "other-phone" })).toBe("phone");
  });

  it("an event that does not belong to the phase shown changes nothing", () => {
    expect(nextAccountPhase("phone", { type: "logged-in" })).toBe("phone");
    expect(nextAccountPhase("new", { type: "password-changed" })).toBe("new");
    expect(nextAccountPhase("reset", { type: "logged-in" })).toBe("reset");
    expect(nextAccountPhase("details", { type: "other-phone" })).toBe("details");
    expect(nextAccountPhase("password", { type: "phone-looked-up", known: false })).toBe("password");
  });
});
