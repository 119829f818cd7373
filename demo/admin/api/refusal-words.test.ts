import { describe, expect, it } from "vitest";
import { m } from "../i18n/messages.ts";
import { AdminRefusal, AdminUnreachable } from "./admin-client.ts";
import { refusalWords } from "./refusal-words.ts";

describe("a refusal in words", () => {
  it("goes by the code first, then the status", () => {
    expect(refusalWords(new AdminRefusal(401, "Wrong e-mail address or password", "wrong-email-or-password", undefined)).descriptor).toBe(
      m.wrongPassword,
    );
    expect(refusalWords(new AdminRefusal(401, "…", "signed-out", undefined)).descriptor).toBe(m.sessionEnded);
    expect(refusalWords(new AdminRefusal(410, "…", "invitation-used", undefined)).descriptor).toBe(m.invitationUsed);
    expect(refusalWords(new AdminRefusal(429, "…", "too-many-attempts", 15))).toEqual({
      descriptor: m.tooManyAttempts,
      values: { minutes: 15 },
    });
    expect(refusalWords(new AdminRefusal(409, "…", "occupied", undefined)).descriptor).toBe(m.timeTaken);
    expect(refusalWords(new AdminRefusal(401, "Unauthorized", undefined, undefined)).descriptor).toBe(m.sessionEnded);
    expect(refusalWords(new AdminRefusal(403, "Forbidden", undefined, undefined)).descriptor).toBe(m.notAllowed);
    expect(refusalWords(new AdminUnreachable("x")).descriptor).toBe(m.unreachable);
  });

  it("words the administration area's refusals", () => {
    expect(refusalWords(new AdminRefusal(409, "…", "role-in-use", undefined)).descriptor).toBe(m.roleInUse);
    expect(refusalWords(new AdminRefusal(409, "…", "role-name-taken", undefined)).descriptor).toBe(m.roleNameTaken);
    expect(refusalWords(new AdminRefusal(409, "…", "last-owner", undefined)).descriptor).toBe(m.lastOwner);
    expect(refusalWords(new AdminRefusal(409, "…", "owner-role-fixed", undefined)).descriptor).toBe(m.ownerRoleFixed);
  });

  it("keeps the API's own message for a refusal it does not know", () => {
    expect(refusalWords(new AdminRefusal(400, "start: Invalid time", undefined, undefined))).toEqual({
      descriptor: m.failed,
      values: { reason: "start: Invalid time" },
    });
  });
});
