import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { defineBookingWidget, TAG_NAME } from "../../src/element/define.tsx";
import { startTestApi, TEST_API_BASE, type TestApi } from "../support/test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  // The element uses the page's fetch; route it into the reference API.
  vi.stubGlobal("fetch", api.fetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});
afterEach(() => {
  document.body.innerHTML = "";
  localStorage.clear();
});

const shadowText = (element: Element) => element.shadowRoot?.textContent ?? "";

/** Two widgets on one page, as two embeds would place them. */
function mountSalonAndFrisor(): [Element, Element] {
  defineBookingWidget();
  document.body.innerHTML = `
    <booking-widget company="demo-salon" api-base="${TEST_API_BASE}"></booking-widget>
    <booking-widget company="demo-frisor" api-base="${TEST_API_BASE}"></booking-widget>`;
  return [...document.querySelectorAll(TAG_NAME)] as [HTMLElement, HTMLElement];
}

describe("<booking-widget> custom element", () => {
  it("registers once; defining it again returns the same element and does not throw", () => {
    const first = defineBookingWidget();
    expect(() => defineBookingWidget()).not.toThrow();
    expect(defineBookingWidget()).toBe(first);
    expect(customElements.get(TAG_NAME)).toBe(first);
  });

  it("renders into an open shadow root with one shared constructed stylesheet", async () => {
    const [salon, frisor] = mountSalonAndFrisor();
    await vi.waitFor(() => expect(shadowText(salon)).toContain("Women's haircut"), { timeout: 8000 });
    await vi.waitFor(() => expect(shadowText(frisor)).toContain("Dameklipp"), { timeout: 8000 });
    expect(salon.textContent).toBe("");
    // The first screen's sheet (and the later screens' one, once a widget on the page has loaded them), the same objects in
    // both. Each element adopts them as they arrive (the first screen's by an import of its own, the later one when a later
    // screen renders), so their order may differ between elements: the objects may not.
    await vi.waitFor(() => {
      const mine = salon.shadowRoot!.adoptedStyleSheets;
      const theirs = frisor.shadowRoot!.adoptedStyleSheets;
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBe(theirs.length);
      expect(mine.every((sheet) => theirs.includes(sheet))).toBe(true);
    });
    expect(salon.shadowRoot!.querySelector("style")).toBeNull();
  });

  it("keeps each element's language and data to itself", async () => {
    const [salon, frisor] = mountSalonAndFrisor();
    await vi.waitFor(() => expect(shadowText(salon)).toContain("Select service"), { timeout: 8000 });
    await vi.waitFor(() => expect(shadowText(frisor)).toContain("Velg tjeneste"), { timeout: 8000 });
    expect(shadowText(salon)).not.toContain("Dameklipp");
    expect(shadowText(frisor)).not.toContain("Women's haircut");
  });

  it("follows a changed company attribute", async () => {
    defineBookingWidget();
    document.body.innerHTML = `<booking-widget company="demo-salon" api-base="${TEST_API_BASE}"></booking-widget>`;
    const widget = document.querySelector(TAG_NAME)!;
    await vi.waitFor(() => expect(shadowText(widget)).toContain("Women's haircut"), { timeout: 8000 });
    widget.setAttribute("company", "demo-spa");
    await vi.waitFor(() => expect(shadowText(widget)).toContain("Masaje relajante"), { timeout: 8000 });
  });
});
