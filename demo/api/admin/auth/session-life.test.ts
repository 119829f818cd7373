import { describe, expect, it } from "vitest";
import { DEFAULT_SESSION_LIFE, sessionLifeFrom, sessionState } from "./session-life.ts";

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 18, 8, 0) + minutes * 60_000);
const life = { idleMinutes: 60, maxHours: 2 };
const session = { lastSeenAt: at(0), endsAt: at(120), endedAt: null };

describe("sessionState", () => {
  it("lives until idle for the idle time, and writes last-seen at most once a minute", () => {
    expect(sessionState(session, at(0.5), life)).toEqual({ live: true, touch: false });
    expect(sessionState(session, at(1), life)).toEqual({ live: true, touch: true });
    expect(sessionState(session, at(59.9), life).live).toBe(true);
    expect(sessionState(session, at(60), life)).toEqual({ live: false, touch: false });
  });

  it("ends at its absolute end however recently used, and when ended", () => {
    expect(sessionState({ ...session, lastSeenAt: at(119) }, at(119.9), life).live).toBe(true);
    expect(sessionState({ ...session, lastSeenAt: at(119) }, at(120), life).live).toBe(false);
    expect(sessionState({ ...session, endedAt: at(5) }, at(6), life).live).toBe(false);
  });
});

describe("sessionLifeFrom: the operator's settings", () => {
  it("reads whole numbers, defaults when unset, and refuses anything else", () => {
    expect(sessionLifeFrom({})).toEqual(DEFAULT_SESSION_LIFE);
    expect(sessionLifeFrom({ ADMIN_SESSION_IDLE_MINUTES: "30", ADMIN_SESSION_MAX_HOURS: "8" })).toEqual({ idleMinutes: 30, maxHours: 8 });
    expect(() => sessionLifeFrom({ ADMIN_SESSION_IDLE_MINUTES: "0" })).toThrow("ADMIN_SESSION_IDLE_MINUTES must be a whole number");
    expect(() => sessionLifeFrom({ ADMIN_SESSION_MAX_HOURS: "1.5" })).toThrow("ADMIN_SESSION_MAX_HOURS must be a whole number");
  });
});
