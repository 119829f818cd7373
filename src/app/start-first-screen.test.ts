import { describe, expect, it, vi } from "vitest";
import { createStartedCalls } from "../api/started-calls.ts";
import { providerKey, servicesKey } from "../kernel/provider/provider-keys.ts";
import { startFirstScreen, type FirstScreenStart } from "./start-first-screen.ts";

function fakes() {
  const providerByName = vi.fn((_name: string) => Promise.resolve({ userId: 7 }));
  const services = vi.fn((_userId: number) => Promise.resolve([]));
  const preload = vi.fn((_locale: string) => Promise.resolve());
  const started = createStartedCalls();
  const input: FirstScreenStart = {
    bookingLink: "demo-salon",
    view: "booking",
    known: undefined,
    langAttribute: undefined,
    api: { provider: { providerByName, services } as unknown as FirstScreenStart["api"]["provider"], started },
    i18n: { preload },
  };
  return { providerByName, services, preload, started, input };
}

describe("startFirstScreen", () => {
  it("on a first visit asks for the provider at once, and for nothing it cannot know yet", () => {
    const { providerByName, services, preload, input } = fakes();
    startFirstScreen(input);
    expect(providerByName).toHaveBeenCalledWith("demo-salon");
    expect(services).not.toHaveBeenCalled();
    expect(preload).not.toHaveBeenCalled();
  });

  it("with a known provider asks for the provider, its services and its language together", async () => {
    const { providerByName, services, preload, started, input } = fakes();
    startFirstScreen({ ...input, known: { userId: 7, language: "en" } });
    expect(providerByName).toHaveBeenCalledTimes(1);
    expect(services).toHaveBeenCalledWith(7);
    expect(preload).toHaveBeenCalledWith("en");
    // The screens take these calls instead of asking again.
    await started.take(providerKey("demo-salon"), () => Promise.reject(new Error("asked twice")));
    await started.take(servicesKey(7), () => Promise.reject(new Error("asked twice")));
    expect(providerByName).toHaveBeenCalledTimes(1);
  });

  it("loads the lang attribute's catalog over the provider's, and no services for My Page", () => {
    const { services, preload, input } = fakes();
    startFirstScreen({ ...input, view: "my-page", known: { userId: 7, language: "en" }, langAttribute: "es" });
    expect(services).not.toHaveBeenCalled();
    expect(preload).toHaveBeenCalledWith("es");
  });

  it("lets a catalog that fails to load go without an unhandled rejection", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    const { input } = fakes();
    startFirstScreen({ ...input, known: { userId: 7, language: "es" }, i18n: { preload: () => Promise.reject(new Error("offline")) } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
