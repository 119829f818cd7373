import { describe, expect, it } from "vitest";
import { cspLines } from "./csp-lines.ts";
import { defaultEmbedOptions, type EmbedOptions } from "./embed-options.ts";
import { embedSnippet, frameAddress } from "./embed-snippet.ts";
import { eventsExample } from "./events-example.ts";

const target = { origin: "https://booking.example.com", bookingLink: "demo-salon" };
const options = (changes: Partial<EmbedOptions>): EmbedOptions => ({ ...defaultEmbedOptions(), ...changes });

describe("embedSnippet", () => {
  it("writes the preconnect, the painted first screen's preload, the script tag and the element with only the company by default", () => {
    expect(embedSnippet(defaultEmbedOptions(), target)).toEqual({
      html: [
        '<link rel="preconnect" href="https://booking.example.com">',
        '<link rel="preload" as="fetch" crossorigin href="https://booking.example.com/widget/first-screen/demo-salon">',
        '<script type="module" async src="https://booking.example.com/widget/booking-widget.js"></script>',
        '<booking-widget company="demo-salon"></booking-widget>',
      ].join("\n"),
      css: null,
    });
  });

  it("writes every choice as its attribute, and prefill as placeholders to fill", () => {
    const { html } = embedSnippet(
      options({ lang: "en", theme: "dark", services: [12, 14], staff: 3, prefill: ["first-name", "phone"], errorReporting: false }),
      target,
    );
    expect(html).toContain(
      '<booking-widget company="demo-salon" lang="en" theme="dark" service="12,14" staff="3" first-name="{visitor\'s first name}" phone="{visitor\'s phone, +4741234567}" sentry-dsn=""></booking-widget>',
    );
  });

  it("leaves pre-selection out of My Page, and names the company for the place chooser", () => {
    expect(embedSnippet(options({ view: "my-page", services: [12] }), target).html).toContain(
      '<booking-widget company="demo-salon" view="my-page"></booking-widget>',
    );
    expect(embedSnippet(options({ view: "chooser", companyId: "demo" }), target).html).toContain(
      '<booking-widget company="demo" view="chooser"></booking-widget>',
    );
  });

  it("puts the colours in CSS for the page's stylesheet, per mode: both under auto", () => {
    expect(embedSnippet(options({ colours: { light: { "--bw-color-primary": "#7a2e8e" }, dark: {} } }), target).css).toBe(
      'booking-widget[company="demo-salon"] {\n  --bw-color-primary: #7a2e8e;\n}',
    );
    const auto = embedSnippet(
      options({ theme: "auto", colours: { light: { "--bw-color-primary": "#7a2e8e" }, dark: { "--bw-color-primary": "#d7a6e6" } } }),
      target,
    ).css;
    expect(auto).toBe(
      [
        "@media (prefers-color-scheme: light) {",
        '  booking-widget[company="demo-salon"] {',
        "    --bw-color-primary: #7a2e8e;",
        "  }",
        "}",
        "@media (prefers-color-scheme: dark) {",
        '  booking-widget[company="demo-salon"] {',
        "    --bw-color-primary: #d7a6e6;",
        "  }",
        "}",
      ].join("\n"),
    );
  });

  it("escapes what could end an attribute", () => {
    expect(embedSnippet(options({ view: "chooser", companyId: 'x"><script>' }), target).html).toContain('company="x&quot;>&lt;script>"');
  });

  it("frames the hosted page for the iframe variant, with the choices in its address and the height script", () => {
    const snippet = embedSnippet(
      options({ variant: "iframe", lang: "es", services: [12], colours: { light: { "--bw-color-primary": "#7a2e8e" }, dark: {} } }),
      target,
    );
    expect(snippet.css).toBeNull();
    expect(snippet.html).toBe(
      [
        '<iframe data-booking-widget-frame src="https://booking.example.com/demo-salon/iframe?lang=es&amp;service=12&amp;color-primary=%237a2e8e" title="Book an appointment" width="100%" height="720"></iframe>',
        '<script async src="https://booking.example.com/widget/frame-height.js"></script>',
      ].join("\n"),
    );
    expect(frameAddress(options({ variant: "iframe" }), target, true)).toBe("https://booking.example.com/demo-salon/iframe?preview=");
  });
});

describe("cspLines", () => {
  it("asks for the widget's origin in script-src and connect-src, and the ingest origin only with reporting on", () => {
    expect(cspLines(defaultEmbedOptions(), target.origin, "https://o1.ingest.sentry.io")).toEqual([
      "script-src https://booking.example.com",
      "connect-src https://booking.example.com https://o1.ingest.sentry.io",
    ]);
    expect(cspLines(options({ errorReporting: false }), target.origin, "https://o1.ingest.sentry.io")[1]).toBe(
      "connect-src https://booking.example.com",
    );
    expect(cspLines(options({ variant: "iframe" }), target.origin, null)).toEqual([
      "script-src https://booking.example.com",
      "frame-src https://booking.example.com",
    ]);
  });
});

describe("eventsExample", () => {
  it("listens to each ticked event on the element", () => {
    const code = eventsExample(["bw-booking-confirmed", "bw-error"]);
    expect(code).toContain('const widget = document.querySelector("booking-widget");');
    expect(code).toContain('widget.addEventListener("bw-booking-confirmed", (event) => {');
    expect(code).toContain('widget.addEventListener("bw-error", (event) => {');
    expect(code).not.toContain("bw-ready");
    expect(eventsExample([])).toBe("// Tick the events your page should hear.");
  });
});
