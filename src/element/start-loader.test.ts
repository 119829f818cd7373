// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WIDGET_STARTED } from "../app/painted-first-screen.ts";
import { startLoader } from "./start-loader.ts";
import { bookingElement } from "../../tests/support/booking-element.ts";

const SCRIPT = "https://booking.example/widget/booking-widget.js";

/** A paint that settles when the test says so. */
function heldPaint() {
  const settle: (() => void)[] = [];
  const painted: Element[] = [];
  const paint = vi.fn(
    (host: Element) =>
      new Promise<boolean>((done) => {
        painted.push(host);
        settle.push(() => done(true));
      }),
  );
  return {
    paint,
    painted,
    settleAll: () => {
      for (const done of settle) done();
    },
  };
}

/** Lets the document read as still being parsed until `parsed()`. */
function parsing() {
  Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
  return () => {
    delete (document as { readyState?: string }).readyState;
    document.dispatchEvent(new Event("DOMContentLoaded"));
  };
}

const flush = () => new Promise((done) => setTimeout(done, 0));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout"], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
  delete (document as { readyState?: string }).readyState;
  delete (globalThis as { [WIDGET_STARTED]?: boolean })[WIDGET_STARTED];
});

describe("startLoader", () => {
  it("asks for the copy of each service list and starts the widget's script once they have arrived", async () => {
    const first = bookingElement({ company: "demo-salon" });
    const second = bookingElement({ company: "demo-clinic" });
    const { paint, painted, settleAll } = heldPaint();
    const importWidget = vi.fn();
    startLoader({ document, scriptUrl: SCRIPT, importWidget, paint });
    expect(painted).toEqual([first, second]);
    expect(paint).toHaveBeenCalledWith(first, SCRIPT);
    await flush();
    expect(importWidget).not.toHaveBeenCalled();
    settleAll();
    await flush();
    expect(importWidget).toHaveBeenCalledTimes(1);
  });

  it("starts the widget's script after waitMs when a copy is slow, and only once", async () => {
    bookingElement({ company: "demo-salon" });
    const { paint, settleAll } = heldPaint();
    const importWidget = vi.fn();
    startLoader({ document, scriptUrl: SCRIPT, importWidget, paint, waitMs: 1000 });
    vi.advanceTimersByTime(999);
    expect(importWidget).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(importWidget).toHaveBeenCalledTimes(1);
    settleAll();
    await flush();
    expect(importWidget).toHaveBeenCalledTimes(1);
  });

  it("starts the widget's script at once when there is nothing to paint", () => {
    for (const setUp of [
      () => bookingElement({ company: "demo-salon", view: "my-page" }),
      () => bookingElement({ company: "demo-salon", service: "12" }),
      () => undefined,
      () => {
        bookingElement({ company: "demo-salon" });
        (globalThis as { [WIDGET_STARTED]?: boolean })[WIDGET_STARTED] = true;
      },
    ]) {
      document.body.innerHTML = "";
      delete (globalThis as { [WIDGET_STARTED]?: boolean })[WIDGET_STARTED];
      setUp();
      const { paint } = heldPaint();
      const importWidget = vi.fn();
      startLoader({ document, scriptUrl: SCRIPT, importWidget, paint });
      expect(importWidget).toHaveBeenCalledTimes(1);
      expect(paint).not.toHaveBeenCalled();
    }
  });

  it("run while the page is still parsed (its tag in the head), paints each element the moment the parser adds it", async () => {
    const parsed = parsing();
    const { paint, painted, settleAll } = heldPaint();
    const importWidget = vi.fn();
    startLoader({ document, scriptUrl: SCRIPT, importWidget, paint });
    expect(painted).toEqual([]);
    const first = bookingElement({ company: "demo-salon" });
    await flush();
    // Asked for before the page has been parsed.
    expect(painted).toEqual([first]);
    const second = bookingElement({ company: "demo-clinic" });
    await flush();
    expect(painted).toEqual([first, second]);
    settleAll();
    await flush();
    // Not before the page is parsed: another element may still come.
    expect(importWidget).not.toHaveBeenCalled();
    parsed();
    await flush();
    expect(importWidget).toHaveBeenCalledTimes(1);
    expect(paint).toHaveBeenCalledTimes(2);
    // No longer watching once the page is parsed.
    bookingElement({ company: "demo-spa" });
    await flush();
    expect(paint).toHaveBeenCalledTimes(2);
  });

  it("run while the page is parsed, starts the widget's script at the end of parsing when no copy was asked for", async () => {
    const parsed = parsing();
    const { paint } = heldPaint();
    const importWidget = vi.fn();
    startLoader({ document, scriptUrl: SCRIPT, importWidget, paint });
    await flush();
    expect(importWidget).not.toHaveBeenCalled();
    parsed();
    expect(importWidget).toHaveBeenCalledTimes(1);
    expect(paint).not.toHaveBeenCalled();
  });
});
