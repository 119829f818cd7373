import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.ts";
import type { Load } from "./loads.ts";
import { Loaded } from "./Loaded.tsx";
import { shellMessages } from "./shell-messages.ts";
import { WidgetContext, type WidgetServices } from "./widget-context.ts";

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

const offline = new ApiError({ kind: "network", path: "Service/asAnonymous" });
const widget = { emit: () => undefined } as unknown as WidgetServices;

function render(load: Load<string[]>): string {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <I18nProvider i18n={setupI18n({ locale: "en", messages: { en: {} } })}>
        <WidgetContext.Provider value={widget}>
          <Loaded load={load} notFound={shellMessages.failed} loading={<p>Loading</p>}>
            {(rows) => (
              <ul>
                {rows.map((row) => (
                  <li key={row}>{row}</li>
                ))}
              </ul>
            )}
          </Loaded>
        </WidgetContext.Provider>
      </I18nProvider>,
    ),
  );
  return host.textContent ?? "";
}

describe("Loaded", () => {
  it("shows the loading state, then the content", () => {
    expect(render({ data: undefined, error: undefined, retry: () => undefined })).toBe("Loading");
    expect(render({ data: ["Cut"], error: undefined, retry: () => undefined })).toBe("Cut");
  });

  it("tells a failure with Try again when nothing was shown yet", () => {
    expect(render({ data: undefined, error: offline, retry: () => undefined })).toBe(
      "We could not reach the booking service. Check your connection and try again.Try again",
    );
  });

  it("keeps what was shown when asking again fails, and says so above it", () => {
    expect(render({ data: ["Cut"], error: offline, retry: () => undefined })).toBe(
      "We could not reach the booking service. Check your connection and try again.Try againCut",
    );
  });
});
