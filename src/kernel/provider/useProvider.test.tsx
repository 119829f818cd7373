import { act, renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { describe, expect, it, vi } from "vitest";
import type { Provider } from "../../contract/schemas/index.ts";
import type { Locale } from "../../i18n/locale.ts";
import { useProvider } from "./useProvider.ts";
import { WidgetContext, type WidgetServices } from "../widget-context.ts";

const provider = { userId: 1, bookingLink: "demo-salon", companyName: "Demo Salon", language: "en" } as unknown as Provider;

/** A widget whose language switches finish when the test says so. */
function widgetIn(active: Locale) {
  let chosen: Locale | undefined;
  const switches: (() => void)[] = [];
  const i18n = {
    i18n: { locale: active },
    chosen: () => chosen,
    forgetChoice: () => undefined,
    setLocale: vi.fn(
      (locale: Locale) =>
        new Promise<void>((done) =>
          switches.push(() => {
            i18n.i18n.locale = locale;
            done();
          }),
        ),
    ),
  };
  const services = {
    api: {
      base: "https://booking.example/api",
      started: { take: (_key: string, call: () => unknown) => call(), answered: () => false },
      provider: { providerByName: async () => provider },
    },
    i18n,
    report: vi.fn(),
    langAttribute: undefined,
  } as unknown as WidgetServices;
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      SWRConfig,
      { value: { provider: () => new Map() } },
      createElement(WidgetContext.Provider, { value: services }, children),
    );
  return {
    wrapper,
    choose: (locale: Locale) => {
      chosen = locale;
    },
    finishSwitches: () => {
      for (const finish of switches.splice(0)) finish();
    },
  };
}

describe("useProvider", () => {
  it("stays ready when the visitor chooses a language while the provider's own is still being applied", async () => {
    // The provider's language (English) is active from the first render (the page's data named it).
    const widget = widgetIn("en");
    const { result, rerender } = renderHook(() => useProvider("demo-salon"), { wrapper: widget.wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true));
    // A choice made on the painted copy, done again as the widget takes over: Spanish is on its way.
    widget.choose("es");
    rerender();
    expect(result.current.ready).toBe(true);
    await act(async () => widget.finishSwitches());
    expect(result.current.ready).toBe(true);
  });

  it("is not ready before the provider's language is active", async () => {
    const widget = widgetIn("no");
    const { result } = renderHook(() => useProvider("demo-salon"), { wrapper: widget.wrapper });
    await waitFor(() => expect(result.current.provider).toBe(provider));
    expect(result.current.ready).toBe(false);
    await act(async () => widget.finishSwitches());
    expect(result.current.ready).toBe(true);
  });
});
