import { describe, expect, it } from "vitest";
import { keptSamples, parseLsn, replicaLagSeconds } from "./replica-lag.ts";

const at = (seconds: number) => seconds * 1000;

describe("a replica's lag, from the primary's WAL positions over time", () => {
  it("is 0 when the replica has replayed everything the primary had written, however long ago that was (an idle primary)", () => {
    expect(replicaLagSeconds([{ at: at(0), lsn: 100n }], 100n, at(600))).toBe(0);
  });

  it("is the time since the first position the replica has not reached", () => {
    const samples = [
      { at: at(10), lsn: 100n },
      { at: at(11), lsn: 150n },
      { at: at(12), lsn: 200n },
    ];
    expect(replicaLagSeconds(samples, 120n, at(14))).toBe(3);
    expect(replicaLagSeconds(samples, 150n, at(14))).toBe(2);
    expect(replicaLagSeconds(samples, 200n, at(14))).toBe(0);
  });

  it("keeps only the samples the replica has not passed, and the newest", () => {
    let samples = keptSamples([], { at: at(0), lsn: 100n }, 100n, 60_000);
    expect(samples).toEqual([{ at: at(0), lsn: 100n }]);
    samples = keptSamples(samples, { at: at(1), lsn: 150n }, 100n, 60_000);
    samples = keptSamples(samples, { at: at(2), lsn: 150n }, 100n, 60_000);
    // The same position again keeps its first time: the replica is behind since then.
    expect(samples).toEqual([{ at: at(1), lsn: 150n }]);
    expect(replicaLagSeconds(samples, 100n, at(5))).toBe(4);
    samples = keptSamples(samples, { at: at(6), lsn: 160n }, 160n, 60_000);
    expect(samples).toEqual([{ at: at(6), lsn: 160n }]);
  });

  it("reads PostgreSQL's text form of a WAL position", () => {
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(() => parseLsn("nonsense")).toThrow("not a WAL position: nonsense");
  });
});
