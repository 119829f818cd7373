import { describe, expect, it, vi } from "vitest";
import { createWidgetI18n } from "./create-i18n.ts";

// The English and Spanish first-screen catalogs arrive late, as on a slow network.
vi.mock("./locales/en/messages.ts", async (original) => {
  await new Promise((resolve) => setTimeout(resolve, 60));
  return original();
});
vi.mock("./locales/es/messages.ts", async (original) => {
  await new Promise((resolve) => setTimeout(resolve, 60));
  return original();
});

describe("an element's language switches", () => {
  it("end in the language asked for last, even when an earlier one's catalog arrives after it", async () => {
    const widget = createWidgetI18n();
    // The stored language (English, slow) is asked for first, the provider's (Norwegian, on the page) after it.
    const stored = widget.setLocale("en");
    await widget.setLocale("no");
    await stored;
    expect(widget.i18n.locale).toBe("no");
  });

  it("a switch made at once (its catalog on the page) wins over one still loading", async () => {
    const widget = createWidgetI18n();
    const slow = widget.setLocale("es");
    expect(widget.activateIfLoaded("no")).toBe(true);
    await slow;
    expect(widget.i18n.locale).toBe("no");
  });

  it("still switches when only one language is asked for", async () => {
    const widget = createWidgetI18n();
    await widget.setLocale("en");
    expect(widget.i18n.locale).toBe("en");
  });

  it("remembers a language the visitor chose, not one the widget set", async () => {
    const widget = createWidgetI18n();
    await widget.setLocale("en");
    expect(widget.chosen()).toBeUndefined();
    await widget.choose("es");
    expect(widget.chosen()).toBe("es");
    expect(widget.i18n.locale).toBe("es");
  });
});

describe("the later catalog", () => {
  it("reads as active only once it is loaded for the active language", async () => {
    const widget = createWidgetI18n();
    expect(widget.laterMessagesActive()).toBe(false);
    await widget.loadLaterMessages();
    expect(widget.laterMessagesActive()).toBe(true);
    // Another language's later catalog is loaded with the switch to it.
    await widget.setLocale("en");
    expect(widget.laterMessagesActive()).toBe(true);
  });

  it("is loaded for a language being switched to when a later screen asks for it during the switch", async () => {
    const widget = createWidgetI18n();
    const switching = widget.setLocale("es");
    await widget.loadLaterMessages();
    await switching;
    expect(widget.i18n.locale).toBe("es");
    expect(widget.laterMessagesActive()).toBe(true);
  });
});
