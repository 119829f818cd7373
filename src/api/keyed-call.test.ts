import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { keyedCalls } from "./keyed-call.ts";

const unavailable = (retryAfterSeconds?: number) =>
  new ApiError({ kind: "http", path: "Appointment", status: 503, refusal: "service-unavailable", retryAfterSeconds });
const refused = (status: number, refusal: string) => new ApiError({ kind: "http", path: "Appointment", status, refusal });
const lost = () => new ApiError({ kind: "network", path: "Appointment" });

/** A call that fails with `errors` in turn, then answers; it records each key it was sent with. */
function scripted(...errors: Error[]) {
  const keys: string[] = [];
  return {
    keys,
    call: async (key: string) => {
      keys.push(key);
      const error = errors.shift();
      if (error) throw error;
      return { id: 7 };
    },
  };
}

describe("a call that must happen once, sent with an Idempotency-Key", () => {
  it("is sent again with the same key after a 503 (waiting its Retry-After), a lost answer, or a first request still running", async () => {
    const waits: number[] = [];
    const send = keyedCalls(async (ms) => void waits.push(ms));
    const { keys, call } = scripted(unavailable(2), lost(), refused(409, "idempotency-key-in-flight"));
    expect(await send({ time: "10:00" }, call)).toEqual({ id: 7 });
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect(waits).toEqual([2000, 1000, 1000]);
  });

  it("gives up after four sends with the last error; the next press of the same request keeps the key", async () => {
    const send = keyedCalls(async () => {});
    const first = scripted(unavailable(), unavailable(), unavailable(), unavailable());
    await expect(send({ time: "10:00" }, first.call)).rejects.toMatchObject({ status: 503 });
    expect(first.keys).toHaveLength(4);
    const again = scripted();
    await send({ time: "10:00" }, again.call);
    expect(again.keys[0]).toBe(first.keys[0]);
    // Answered: the next booking is a new one, with a key of its own.
    const next = scripted();
    await send({ time: "10:00" }, next.call);
    expect(next.keys[0]).not.toBe(first.keys[0]);
  });

  it("a refusal or another request ends it at once, and the next send has a new key", async () => {
    const send = keyedCalls(async () => {
      throw new Error("no wait expected");
    });
    const occupied = scripted(refused(409, "occupied"));
    await expect(send({ time: "10:00" }, occupied.call)).rejects.toMatchObject({ refusal: "occupied" });
    const gateway = scripted(refused(502, "payment-gateway-failed"));
    await expect(send({ time: "10:00" }, gateway.call)).rejects.toMatchObject({ status: 502 });
    expect(gateway.keys[0]).not.toBe(occupied.keys[0]);
    const other = scripted();
    await send({ time: "11:00" }, other.call);
    expect(other.keys[0]).not.toBe(gateway.keys[0]);
  });

  it("waits at most five seconds, whatever Retry-After says", async () => {
    const waits: number[] = [];
    const send = keyedCalls(async (ms) => void waits.push(ms));
    await send({}, scripted(unavailable(120)).call);
    expect(waits).toEqual([5000]);
  });
});
