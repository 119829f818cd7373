import { describe, expect, it } from "vitest";
import { fixedClock } from "../clock.ts";
import type { Database, Queryable } from "./database.ts";
import { readRouting } from "./read-routing.ts";

/** A server that answers the lag queries, or fails as a dead connection does. */
function server(answer: Record<string, unknown> | Error): Queryable {
  return {
    async query<Row>() {
      if (answer instanceof Error) throw answer;
      return [answer] as Row[];
    },
  };
}
const refused = () => Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
const primaryAt = (lsn: string) => server({ lsn }) as Database;
const options = { maxLagSeconds: 5, clock: fixedClock("2026-11-28T10:00:00Z") };

describe("which server a replica's state names", () => {
  it("a replica that has replayed the primary's position is in use", async () => {
    const routing = readRouting(primaryAt("0/3000000"), server({ replayed: "0/3000000", recovering: true }), options);
    expect(await routing.check()).toEqual({ state: "in-use", lagSeconds: 0 });
  });

  it("a replica that does not answer is down, and the reason names the replica", async () => {
    const routing = readRouting(primaryAt("0/3000000"), server(refused()), options);
    expect(await routing.check()).toEqual({ state: "down", problem: "the replica did not answer: connect ECONNREFUSED 10.0.0.5:5432" });
  });

  it("when the primary does not answer, the lag cannot be measured: not used, and the reason names the primary", async () => {
    const routing = readRouting(server(refused()) as Database, server({ replayed: "0/3000000", recovering: true }), options);
    expect(await routing.check()).toEqual({ state: "down", problem: "the primary did not answer: connect ECONNREFUSED 10.0.0.5:5432" });
  });

  it("a server that is not a replica is named as such", async () => {
    const routing = readRouting(primaryAt("0/3000000"), server({ replayed: null, recovering: false }), options);
    expect(await routing.check()).toMatchObject({ state: "down", problem: expect.stringMatching(/is not a streaming replica/) });
  });
});
