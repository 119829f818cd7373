import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { Provider } from "../../contract/schemas/provider.ts";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { readRememberedPage, readRememberedProvider, rememberProvider, rememberServices } from "./remembered-page.ts";

const API = "https://book.example/api";
const provider = v.parse(Provider, {
  userId: 7,
  bookingLink: "demo-salon",
  companyName: "Demo Salon",
  language: "en",
  timeZone: "America/New_York",
  currency: "USD",
});
const services = [{ id: 1, title: "Hair", services: [] }];

describe("the booking page remembered from an earlier visit", () => {
  it("is the provider and its services, per booking link and per API", () => {
    const storage = memoryStorage();
    rememberProvider(API, "demo-salon", provider, storage);
    expect(readRememberedPage(API, "demo-salon", storage)).toBeUndefined(); // no services yet
    rememberServices(API, 7, services as never, storage);
    const page = readRememberedPage(API, "demo-salon", storage);
    expect(page?.provider.companyName).toBe("Demo Salon");
    expect(page?.services).toHaveLength(1);
    expect(readRememberedPage(API, "demo-clinic", storage)).toBeUndefined();
    expect(readRememberedPage("https://other.example/api", "demo-salon", storage)).toBeUndefined();
  });

  it("ignores a stored value that was edited or broken, as an API answer would be", () => {
    const storage = memoryStorage();
    for (const stored of ['{"userId":"7"}', "{not json", '{"userId":7,"bookingLink":42,"companyName":"x"}']) {
      storage.setItem(`booking-widget:provider:${API}|demo-salon`, stored);
      expect(readRememberedProvider(API, "demo-salon", storage)).toBeUndefined();
    }
  });
});
