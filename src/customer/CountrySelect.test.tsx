import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { CountrySelect } from "./CountrySelect.tsx";

const i18n = setupI18n({ locale: "en", messages: { en: {} } });
const select = (value: number) => (
  <I18nProvider i18n={i18n}>
    <CountrySelect id="country" value={value} onChange={() => undefined} />
  </I18nProvider>
);

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

describe("the country code list", () => {
  it("shows the chosen country in the form's first frame, and only it (the rest follow after that frame)", () => {
    const first = renderToStaticMarkup(select(47));
    expect(first.match(/<option /g)).toHaveLength(1);
    expect(first).toContain('<option value="NO" selected="">Norway (+47)</option>');
  });

  it("lists every country once rendered, the chosen one still chosen", async () => {
    host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(select(1)));
    const list = host.querySelector("select")!;
    expect(list.options.length).toBeGreaterThan(200);
    expect(list.value).toBe("US");
    act(() => root.unmount());
  });
});
