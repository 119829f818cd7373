import { describe, expect, it } from "vitest";
import { freedDays, freedFor, liveFreedTimes, lostFreedTimes } from "./freed-times.ts";

const at = (iso: string) => new Date(iso);

describe("liveFreedTimes", () => {
  it("keeps times not over yet, once each, soonest first", () => {
    const rows = [
      { from: "2026-12-01T14:00:00Z", until: "2026-12-01T15:00:00Z", staffMemberId: 2 },
      { from: "2026-12-01T09:00:00Z", until: "2026-12-01T10:00:00Z", staffMemberId: 1 },
      { from: "2026-12-01T14:00:00Z", until: "2026-12-01T15:00:00Z", staffMemberId: 2 },
      { from: "2026-11-30T09:00:00Z", until: "2026-11-30T10:00:00Z", staffMemberId: 1 },
    ];
    const times = liveFreedTimes(rows, at("2026-12-01T08:00:00Z"));
    expect(times.map((time) => [time.start.toISOString(), time.staffMemberId])).toEqual([
      ["2026-12-01T09:00:00.000Z", 1],
      ["2026-12-01T14:00:00.000Z", 2],
    ]);
  });

  it("keeps a time under way (its rest may still fit a shorter wish), and the same time of two staff members apart", () => {
    const rows = [
      { from: "2026-12-01T09:00:00Z", until: "2026-12-01T11:00:00Z", staffMemberId: 1 },
      { from: "2026-12-01T09:00:00Z", until: "2026-12-01T11:00:00Z", staffMemberId: 2 },
    ];
    expect(liveFreedTimes(rows, at("2026-12-01T10:00:00Z"))).toHaveLength(2);
    expect(liveFreedTimes(rows, at("2026-12-01T11:00:00Z"))).toEqual([]);
  });
});

describe("a time written again for the entries that lost an offer from it", () => {
  const time = { from: "2026-12-01T14:00:00Z", until: "2026-12-01T15:00:00Z", staffMemberId: 2 };
  const now = at("2026-12-01T08:00:00Z");

  it("is for those entries alone; written for two sets, for both; written for everyone too, for everyone", () => {
    const [forTwo] = liveFreedTimes([{ ...time, entryIds: [4, 7] }], now);
    expect([4, 7, 9].map((entry) => freedFor(forTwo!, entry))).toEqual([true, true, false]);
    const [forThree] = liveFreedTimes(
      [
        { ...time, entryIds: [4, 7] },
        { ...time, entryIds: [9] },
      ],
      now,
    );
    expect([4, 7, 9, 11].map((entry) => freedFor(forThree!, entry))).toEqual([true, true, true, false]);
    for (const rows of [
      [
        { ...time, entryIds: [4] },
        { ...time, entryIds: null },
      ],
      [time, { ...time, entryIds: [4] }],
    ]) {
      const [forAll] = liveFreedTimes(rows, now);
      expect(freedFor(forAll!, 11)).toBe(true);
    }
  });
});

describe("lostFreedTimes", () => {
  it("gives each freed time that lost offers came from once, for the entries that lost one; an offer with no freed time kept gives none", () => {
    const from = "2026-12-01T14:00:00Z";
    const until = "2026-12-01T15:00:00Z";
    const times = lostFreedTimes(
      [
        { entryId: 4, from, until, staffMemberId: 2 },
        { entryId: 7, from, until, staffMemberId: 2 },
        { entryId: 9, from: null, until: null, staffMemberId: null },
        { entryId: 11, from: "2026-11-30T09:00:00Z", until: "2026-11-30T10:00:00Z", staffMemberId: 2 },
      ],
      at("2026-12-01T08:00:00Z"),
    );
    expect(times).toEqual([{ start: at(from), end: at(until), staffMemberId: 2, entryIds: [4, 7] }]);
  });
});

describe("freedDays", () => {
  it("names the page-zone days a time touches, a time over midnight both", () => {
    const times = [
      { start: at("2026-12-01T22:30:00Z"), end: at("2026-12-01T23:30:00Z"), staffMemberId: 1, entryIds: null },
      { start: at("2026-12-03T10:00:00Z"), end: at("2026-12-03T11:00:00Z"), staffMemberId: 1, entryIds: null },
    ];
    // Oslo is UTC+1 in December: 23:30–00:30 local.
    expect(freedDays(times, "Europe/Oslo")).toEqual(["2026-12-01", "2026-12-02", "2026-12-03"]);
    expect(freedDays(times, "UTC")).toEqual(["2026-12-01", "2026-12-03"]);
  });

  it("does not name the next day for a time ending at midnight", () => {
    expect(
      freedDays([{ start: at("2026-12-01T22:00:00Z"), end: at("2026-12-01T23:00:00Z"), staffMemberId: 1, entryIds: null }], "Europe/Oslo"),
    ).toEqual(["2026-12-01"]);
  });
});
