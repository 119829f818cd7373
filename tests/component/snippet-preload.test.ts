import { describe, expect, it } from "vitest";
import { defaultEmbedOptions, type EmbedOptions } from "../../demo/host/embed-builder/embed-options.ts";
import { embedSnippet } from "../../demo/host/embed-builder/embed-snippet.ts";
import { paintedCopyAddress } from "../../src/contract/painted-copy-address.ts";

// The embed builder's preload line is used only when it names the very address the
// loader asks for the element's painted copy: checked on the element the snippet writes.
const target = { origin: "https://booking.example.com", bookingLink: "demo-salon" };
const options = (changes: Partial<EmbedOptions>): EmbedOptions => ({ ...defaultEmbedOptions(), ...changes });

describe("the snippet's preload of the painted first screen", () => {
  it("preloads the very address the loader asks for the painted copy, and nothing where the loader paints none", () => {
    const preloads = (changes: Partial<EmbedOptions>) => {
      const { html } = embedSnippet(options(changes), target);
      const preload = /<link rel="preload" as="fetch" crossorigin href="([^"]+)">/.exec(html)?.[1] ?? null;
      // The loader's own rule (paint-first-screen.ts asks it of the element's attributes),
      // on the element the snippet writes.
      const template = document.createElement("template");
      template.innerHTML = html;
      const element = template.content.querySelector("booking-widget")!;
      const script = `${target.origin}/widget/booking-widget.js`;
      const asked = paintedCopyAddress((name) => element.getAttribute(name), script, `${target.origin}/`)?.href ?? null;
      expect(preload?.replace(/&amp;/g, "&") ?? null).toBe(asked);
      return preload;
    };
    expect(preloads({ lang: "es" })).toBe("https://booking.example.com/widget/first-screen/demo-salon?lang=es");
    expect(preloads({ theme: "dark", prefill: ["first-name"], errorReporting: false })).toBe(
      "https://booking.example.com/widget/first-screen/demo-salon",
    );
    expect(preloads({ services: [12] })).toBeNull();
    expect(preloads({ staff: 3 })).toBeNull();
    expect(preloads({ view: "my-page" })).toBeNull();
    expect(preloads({ view: "chooser", companyId: "demo" })).toBeNull();
  });
});
