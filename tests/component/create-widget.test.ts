import * as v from "valibot";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../../src/api/client.ts";
import type { PreloadedPage } from "../../src/api/preloaded-page.ts";
import { createStartedCalls } from "../../src/api/started-calls.ts";
import { providerKey, servicesKey } from "../../src/kernel/provider/provider-keys.ts";
import { createWidget, type WidgetStart } from "../../src/app/create-widget.ts";
import { preloadIslandJson } from "../../src/contract/page-island.ts";
import { DialogType } from "../../src/contract/enumerations.ts";
import { rememberProvider, rememberServices } from "../../src/kernel/provider/remembered-page.ts";
import { widgetPage } from "../support/widget-builders.ts";

// The element's own state without React (app/create-widget.ts): the page's one source,
// the language it starts in, and what it does while connected.

const API = "https://booking.example/api";

function page(companyName: string, over: Partial<PreloadedPage> = {}): PreloadedPage {
  return { bookingLink: "salon", provider: widgetPage({ bookingLink: "salon", companyName }), services: [], ...over };
}

function start(over: Partial<WidgetStart> = {}) {
  return createWidget({ company: "salon", apiBase: API, lang: undefined, prefill: {}, report: () => vi.fn(), ...over });
}

function island(of: PreloadedPage) {
  const script = document.createElement("script");
  script.type = "application/json";
  script.dataset.bookingWidgetPreload = "";
  script.textContent = preloadIslandJson(of);
  document.body.append(script);
}

function remember(of: PreloadedPage) {
  rememberProvider(API, "salon", of.provider);
  rememberServices(API, of.provider.userId, of.services);
}

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

describe("createWidget: the page's data from one source, in order", () => {
  it("takes what the server gave over the painted page, the island and the remembered page", () => {
    island(page("Island"));
    remember(page("Remembered"));
    expect(start({ given: page("Given"), painted: page("Painted") }).page?.provider.companyName).toBe("Given");
    expect(start({ painted: page("Painted") }).page?.provider.companyName).toBe("Painted");
    expect(start().page?.provider.companyName).toBe("Island");
    document.body.replaceChildren();
    expect(start().page?.provider.companyName).toBe("Remembered");
  });

  it("has no page on a first visit, nor for a painted page, an island or a memory of another booking link", () => {
    island(page("Island"));
    remember(page("Remembered"));
    expect(start({ company: "another", painted: page("Painted") }).page).toBeUndefined();
    expect(start({ company: "another" }).page).toBeUndefined();
    expect(start({ company: undefined }).page).toBeUndefined();
  });

  it("keeps the server's cleaned HTML texts by source", () => {
    const widget = start({ given: page("Given", { sanitizedHtml: { information: "<p>Hi</p>" } }) });
    expect(widget.sanitizedHtml.get("information")).toBe("<p>Hi</p>");
    expect(start().sanitizedHtml.size).toBe(0);
  });
});

describe("createWidget: the language it starts in", () => {
  it("starts in the known provider's language, at once when its catalog is on the page", () => {
    const widget = start({ given: { ...page("Given"), provider: widgetPage({ bookingLink: "salon", language: "no" }) } });
    expect(widget.i18n.i18n.locale).toBe("no");
  });

  it("a lang attribute outranks the provider's language", async () => {
    const widget = start({ lang: "es", given: { ...page("Given"), provider: widgetPage({ bookingLink: "salon", language: "no" }) } });
    await vi.waitFor(() => expect(widget.i18n.i18n.locale).toBe("es"));
  });
});

describe("createWidget: while connected", () => {
  it("tells the page of each error dialog shown, and stops when disconnected", () => {
    const node = document.createElement("div");
    document.body.append(node);
    const told: unknown[] = [];
    node.addEventListener("bw-error", (event) => told.push((event as CustomEvent).detail));
    const widget = start({ eventNode: () => node });
    const disconnect = widget.connect();
    const show = () => widget.feedback.getState().showDialog({ type: DialogType.Message, icon: "error", text: "No", code: "occupied" });
    show();
    expect(told).toEqual([{ code: "occupied" }]);
    disconnect();
    show();
    expect(told).toHaveLength(1);
  });

  it("starts the booking over at its first step when the customer logs out", () => {
    const widget = start();
    const disconnect = widget.connect();
    widget.session.getState().setAccount({ id: 1 } as never);
    widget.store.setState({ step: 3 });
    widget.session.getState().setAccount(null);
    expect(widget.store.getState().step).toBe(1);
    disconnect();
  });

  it("each element has its own stores", () => {
    const one = start();
    const other = start();
    one.store.setState({ step: 2 });
    expect(other.store.getState().step).toBe(1);
    expect(one.session).not.toBe(other.session);
    expect(one.feedback).not.toBe(other.feedback);
    // And its own calls started ahead: one element's answer is never taken by another.
    expect(one.started).not.toBe(other.started);
  });
});

describe("createWidget: its API client", () => {
  const answering = (status: number) => vi.fn(async () => Response.json({ code: "x" }, { status }));

  it("is one per api-base: the same while the address stays, a new one when it changes, each with the element's calls started ahead", () => {
    const widget = start();
    const fetch = answering(200);
    const first = widget.apiFor(API, fetch);
    expect(widget.apiFor(API, fetch)).toBe(first);
    const moved = widget.apiFor("https://other.example/api", fetch);
    expect(moved).not.toBe(first);
    expect(moved.base).toBe("https://other.example/api");
    expect(moved.started).toBe(widget.started);
    expect(first.started).toBe(widget.started);
  });

  it("tells the element's reporter of the moment of a 5xx and of no answer, never of a 4xx its caller handles", async () => {
    const reports: string[] = [];
    let reporter = "first";
    const widget = start({ report: () => ((_error: unknown, what: string) => reports.push(`${reporter}: ${what}`)) as never });
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockImplementationOnce(async () => Response.json({ code: "occupied" }, { status: 409 }))
      .mockImplementationOnce(async () => Response.json({ code: "service-unavailable" }, { status: 503 }))
      .mockImplementationOnce(async () => Promise.reject(new TypeError("Failed to fetch")));
    // A write: a read's 503 would be asked again (api/read-retry.ts).
    const ask = () =>
      widget
        .apiFor(API, fetch)
        .http.request(v.unknown(), "/x", { method: "POST" })
        .catch(() => undefined);
    await ask();
    expect(reports).toEqual([]);
    await ask();
    reporter = "second";
    await ask();
    expect(reports).toEqual(["first: API call failed", "second: API call failed"]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe("createWidget: the first screen", () => {
  function fakeApi() {
    const providerByName = vi.fn((_name: string) => Promise.resolve({ userId: 1 }));
    const services = vi.fn((_userId: number) => Promise.resolve([]));
    return {
      api: { base: API, provider: { providerByName, services }, started: createStartedCalls() } as unknown as ApiClient,
      providerByName,
      services,
    };
  }

  it("with the page known from its island: the cache starts with its provider and services under their keys, and both calls start", () => {
    island(page("Island"));
    const { api, providerByName, services } = fakeApi();
    const seeds = start().firstScreen(api, "booking");
    expect(seeds.map(([key]) => key)).toEqual([providerKey("salon"), servicesKey(1)]);
    expect(seeds[0]![1]).toMatchObject({ companyName: "Island" });
    expect(providerByName).toHaveBeenCalledWith("salon");
    expect(services).toHaveBeenCalledWith(1);
  });

  it("on a first visit: an empty cache, and the provider call only", () => {
    const { api, providerByName, services } = fakeApi();
    expect(start().firstScreen(api, "booking")).toEqual([]);
    expect(providerByName).toHaveBeenCalledTimes(1);
    expect(services).not.toHaveBeenCalled();
  });

  it("rendered by the server: its answers are the cache, and nothing is asked", () => {
    const { api, providerByName } = fakeApi();
    expect(start({ given: page("Given") }).firstScreen(api, "booking")).toHaveLength(2);
    expect(providerByName).not.toHaveBeenCalled();
  });

  it("a view that does not show the provider's page (the chooser) asks for nothing", () => {
    const { api, providerByName } = fakeApi();
    start().firstScreen(api, "chooser");
    expect(providerByName).not.toHaveBeenCalled();
  });
});
