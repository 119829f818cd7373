import { cleanup, render } from "@testing-library/react";
import { createElement } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { WidgetRoot, type WidgetRootProps } from "../../src/app/WidgetRoot.tsx";
import { startTestApi, TEST_API_BASE, type TestApi } from "./test-api.ts";

/**
 * Component tests of the widget against the reference API in-process: one database
 * per file, put back as seeded before each test, clean local and session storage and quiet
 * console errors per test (the test seed, or `seed`). Answers a getter
 * for the API and a render helper.
 */
export function useWidgetTestApi(options: { seed?: unknown } = {}) {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(options);
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    await api.reset();
    localStorage.clear();
    sessionStorage.clear();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  return {
    api: () => api,
    /** Renders the widget; `update` renders it again with new attributes (an attribute changed after mount). */
    renderWidget: (props: WidgetRootProps) => {
      const widget = (given: WidgetRootProps) => createElement(WidgetRoot, { apiBase: TEST_API_BASE, fetch: api.fetch, ...given });
      const result = render(widget(props));
      return { ...result, update: (next: WidgetRootProps) => result.rerender(widget(next)) };
    },
  };
}
