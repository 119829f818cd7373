import { createCustomerCalls } from "./customer-calls.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";
import { createBookingCalls } from "./booking-calls.ts";
import { createHoldCalls } from "./hold-calls.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const provider = { userId: 7, bookingLink: "x", companyName: "X" };

function clientAnswering(answer: () => Response | Promise<Response>) {
  const onError = vi.fn();
  const fetch = vi.fn(async () => answer());
  const client = createApiClient({ base: "https://api.example.test/api", fetch, onError });
  return { client, fetch, onError };
}

describe("API client", () => {
  it("calls the spec path under the API base and parses the answer", async () => {
    const { client, fetch } = clientAnswering(() => json(provider));
    const result = await client.provider.providerByName("demo salon");
    expect(result.userId).toBe(7);
    expect(result.timeZone).toBe("Europe/Berlin");
    expect(result.useCustomerAccounts).toBe(false);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe("https://api.example.test/api/User/ByUser/demo%20salon");
  });

  it("turns a malformed answer into a typed, logged error naming the bad field", async () => {
    const { client, onError } = clientAnswering(() => json({ ...provider, userId: "seven" }));
    const error = await client.provider.providerByName("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe("malformed");
    expect((error as ApiError).issues.join()).toContain("userId");
    expect(onError).toHaveBeenCalledWith(error);
  });

  it("keeps the server's message of an error answer", async () => {
    const { client } = clientAnswering(() => json({ message: 'No booking page named "x"' }, 404));
    const error = (await client.provider.providerByName("x").catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("http");
    expect(error.isNotFound).toBe(true);
    expect(error.serverMessage).toBe('No booking page named "x"');
  });

  it("reports an unreachable API as a network error", async () => {
    const { client } = clientAnswering(() => {
      throw new TypeError("fetch failed");
    });
    const error = (await client.provider.services(1).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("network");
  });

  it("reads the plain-text answer of CustomerAccount/byPhone", async () => {
    const { client } = clientAnswering(() => new Response("Existing", { headers: { "content-type": "text/plain" } }));
    await expect(createCustomerCalls(client.http).lookupPhone({ login: "41234567", adminId: 3 })).resolves.toBe("Existing");
  });

  it("rejects a byPhone answer that is neither New nor Existing", async () => {
    const { client } = clientAnswering(() => new Response("Maybe"));
    await expect(createCustomerCalls(client.http).lookupPhone({ login: "41234567", adminId: 3 })).rejects.toMatchObject({
      kind: "malformed",
    });
  });

  it("normalises a discount price of -1 to none", async () => {
    const service = { id: 1, title: "Cut", price: 100, discountPrice: -1, durationInMinutes: 30 };
    const { client } = clientAnswering(() => json([{ title: null, services: [service] }]));
    const [category] = await client.provider.services(1);
    expect(category?.title).toBe("");
    expect(category?.services[0]?.discountPrice).toBeNull();
    expect(category?.services[0]?.children).toEqual([]);
  });
});

describe("API client, when the API sheds a call (503, 429 with Retry-After)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const shed = (status: number, code: string, retryAfter?: string) =>
    new Response(JSON.stringify({ message: "busy", code }), {
      status,
      headers: { "content-type": "application/json", ...(retryAfter === undefined ? {} : { "Retry-After": retryAfter }) },
    });
  /** Answers each call with the next of `answers` (the last one again once they run out). */
  const answering = (...answers: (() => Response)[]) => {
    let call = 0;
    return clientAnswering(() => answers[Math.min(call++, answers.length - 1)]!());
  };
  const hours = { year: 2026, month: 11, day: 20, userId: 7, serviceBookings: [{ serviceId: 1, staffMemberId: null }] };
  const day = { date: "2026-11-20", hoursToBook: [] };

  it("asks a read again after the Retry-After it names, and answers the first answer that comes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const { client, fetch, onError } = answering(
      () => shed(503, "overloaded", "2"),
      () => json(provider),
    );
    const answer = client.provider.providerByName("x");
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toMatchObject({ userId: 7 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onError).not.toHaveBeenCalled();
  });

  it("asks a POST that only reads (the hours) again, twice at most, then fails once with the last refusal", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const { client, fetch, onError } = answering(() => shed(429, "too-many-reads"));
    const answer = createBookingCalls(client.http)
      .availableHours(hours as never)
      .catch((error: unknown) => error);
    // No Retry-After: a second each time.
    await vi.advanceTimersByTimeAsync(2000);
    const error = (await answer) as ApiError;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(error).toMatchObject({ kind: "http", status: 429, refusal: "too-many-reads" });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("says a long wait at once: a 429 asking for 40 s is not waited out", async () => {
    const { client, fetch } = answering(() => shed(429, "too-many-reads", "40"));
    const error = (await client.provider.services(7).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 40 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("never asks a write again here (a hold's 503: keyed-call.ts repeats the writes that may be repeated)", async () => {
    const { client, fetch } = answering(
      () => shed(503, "overloaded", "1"),
      () => json(day),
    );
    const error = (await createHoldCalls(client.http)
      .hold({ userId: 7 } as never)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ kind: "http", status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
