// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAINTED_ACTIONS, PAINTED_PAGE, WIDGET_STARTED } from "../app/painted-first-screen.ts";
import { paintAddress, paintFirstScreen } from "./paint-first-screen.ts";
import { bookingElement } from "../../tests/support/booking-element.ts";

const SCRIPT = "https://booking.example/widget/booking-widget.js";

const answering = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

afterEach(() => {
  document.body.innerHTML = "";
  delete (globalThis as { [WIDGET_STARTED]?: boolean })[WIDGET_STARTED];
});

describe("paintAddress", () => {
  it("asks the script's own server for the booking link's first screen, with the attributes the copy follows", () => {
    const address = paintAddress(bookingElement({ company: "demo salon", lang: "es", options: "iframe", email: "a@b.c" }), SCRIPT);
    expect(address?.href).toBe("https://booking.example/widget/first-screen/demo%20salon?lang=es&options=iframe");
  });

  it("leaves to the widget what is not the service list, or not this server's, or painted already", () => {
    expect(paintAddress(bookingElement({}), SCRIPT)).toBeNull();
    expect(paintAddress(bookingElement({ company: "demo-salon", view: "my-page" }), SCRIPT)).toBeNull();
    expect(paintAddress(bookingElement({ company: "demo-salon", service: "12" }), SCRIPT)).toBeNull();
    expect(paintAddress(bookingElement({ company: "demo-salon", staff: "3" }), SCRIPT)).toBeNull();
    expect(paintAddress(bookingElement({ company: "demo-salon", "api-base": "javascript:alert(1)" }), SCRIPT)).toBeNull();
    const painted = bookingElement({ company: "demo-salon" });
    painted.attachShadow({ mode: "open" });
    expect(paintAddress(painted, SCRIPT)).toBeNull();
    expect(paintAddress(bookingElement({ company: "demo-salon", view: "booking" }), SCRIPT)).not.toBeNull();
  });
});

describe("paintAddress with api-base", () => {
  it("asks where the page's data lives: under the element's API, on its origin or another, as the widget resolves it", () => {
    const at = (apiBase: string) => paintAddress(bookingElement({ company: "demo-salon", "api-base": apiBase, lang: "en" }), SCRIPT)?.href;
    expect(at("https://other.example/api")).toBe("https://other.example/api/first-screen/demo-salon?lang=en");
    expect(at("https://other.example/booking/api/")).toBe("https://other.example/booking/api/first-screen/demo-salon?lang=en");
    expect(at("https://booking.example/api")).toBe("https://booking.example/api/first-screen/demo-salon?lang=en");
    // A relative one is the page's, as the widget takes it.
    expect(at("/api")).toBe(new URL("/api/first-screen/demo-salon?lang=en", document.baseURI).href);
  });
});

describe("paintFirstScreen", () => {
  it("shows the answer's copy in the shadow root, enabled, leaves its page data on the element, and notes taps on it", async () => {
    const host = bookingElement({ company: "demo-salon" });
    const page = { bookingLink: "demo-salon" };
    const fetchAnswer = answering({ page, html: '<div class="bw-root"><button type="button">Women\'s haircut</button></div>' });
    expect(await paintFirstScreen(host, SCRIPT, fetchAnswer)).toBe(true);
    expect(fetchAnswer).toHaveBeenCalledWith(new URL("https://booking.example/widget/first-screen/demo-salon"), {
      mode: "cors",
      credentials: "same-origin",
    });
    const button = host.shadowRoot!.querySelector("button")!;
    expect(button.textContent).toBe("Women's haircut");
    expect(host.shadowRoot!.querySelector("fieldset")!.hasAttribute("disabled")).toBe(false);
    expect((host as unknown as Record<string, unknown>)[PAINTED_PAGE]).toEqual(page);
    button.click();
    expect((host as unknown as Record<string, { kind: string }[]>)[PAINTED_ACTIONS]).toEqual([{ kind: "tap", target: button }]);
  });

  it("shows nothing once the widget's own script has started, for an error answer, or for a malformed one", async () => {
    const started = bookingElement({ company: "demo-salon" });
    (globalThis as { [WIDGET_STARTED]?: boolean })[WIDGET_STARTED] = true;
    expect(await paintFirstScreen(started, SCRIPT, answering({ page: {}, html: "<p>x</p>" }))).toBe(false);
    expect(started.shadowRoot).toBeNull();
    delete (globalThis as { [WIDGET_STARTED]?: boolean })[WIDGET_STARTED];

    const unknown = bookingElement({ company: "nobody" });
    expect(await paintFirstScreen(unknown, SCRIPT, answering({ message: "No booking page by that name." }, 404))).toBe(false);
    const malformed = bookingElement({ company: "demo-salon" });
    expect(await paintFirstScreen(malformed, SCRIPT, answering({ page: {}, html: 42 }))).toBe(false);
    const offline = bookingElement({ company: "demo-salon" });
    expect(
      await paintFirstScreen(offline, SCRIPT, async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toBe(false);
    expect([unknown, malformed, offline].map((host) => host.shadowRoot)).toEqual([null, null, null]);
  });
});
