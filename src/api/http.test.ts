import { createCustomerCalls } from "./customer-calls.ts";
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";

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
