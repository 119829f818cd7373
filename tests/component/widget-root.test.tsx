import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import { englishDayName, expectedFirstDay } from "../support/expected-times.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import userEvent from "@testing-library/user-event";
import { fill } from "../support/user.ts";
import { WidgetRoot } from "../../src/app/WidgetRoot.tsx";
import { TEST_API_BASE } from "../support/test-api.ts";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("<WidgetRoot> booking view", () => {
  it("loads the provider and shows step 1 with its categories and services, in the provider's language", async () => {
    renderWidget({ company: "demo-salon" });
    expect(await screen.findByRole("button", { name: "Women's haircut" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Demo Salon" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Select service" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Hair" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Other services" })).toBeTruthy();
    const steps = within(screen.getByRole("navigation", { name: "Booking steps" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      "1Select service",
      "2Select staff",
      "3Select time",
      "4Your information",
      "5Booking",
      "6Receipt",
    ]);
    expect(steps[0]!.getAttribute("aria-current")).toBe("step");
    expect(screen.getByText("$65")).toBeTruthy();
    expect(screen.getByText("$1.450")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Back/ })).toBeNull();
    expect(screen.getByText(`© ${TEST_NOW.getFullYear()} Demo Salon`)).toBeTruthy();
    expect(localStorage.getItem("booking-widget:language")).toBe("en");
  });

  it("shows a Norwegian provider in Norwegian, with kr prices and five steps", async () => {
    renderWidget({ company: "demo-frisor" });
    expect(await screen.findByRole("button", { name: "Dameklipp" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Velg tjeneste" })).toBeTruthy();
    expect(screen.getByText("650 kr")).toBeTruthy();
    expect(within(screen.getByRole("navigation", { name: "Bestillingssteg" })).getAllByRole("listitem")).toHaveLength(5);
  });

  it("lets the lang attribute outrank the provider's language", async () => {
    renderWidget({ company: "demo-frisor", lang: "es" });
    expect(await screen.findByRole("heading", { level: 2, name: "Elige el servicio" })).toBeTruthy();
  });

  it("hides the footer in iframe mode", async () => {
    renderWidget({ company: "demo-spa", options: "iframe" });
    expect(await screen.findByRole("button", { name: "Masaje relajante" })).toBeTruthy();
    expect(screen.queryByText(`© ${TEST_NOW.getFullYear()} Demo Spa`)).toBeNull();
  });

  it("marks services without a first available time and says so", async () => {
    renderWidget({ company: "demo-salon" });
    const perm = await screen.findByRole("button", { name: "Perm" });
    expect(perm.getAttribute("aria-disabled")).toBe("true");
    expect(perm.closest("li")!.textContent).toContain("No available times for this service");
    expect(perm.closest("li")!.textContent).not.toContain("First available");
  });

  it("tells each bookable service's first available day", async () => {
    renderWidget({ company: "demo-salon" });
    const haircut = await screen.findByRole("button", { name: "Women's haircut" });
    expect(haircut.closest("li")!.textContent).toContain(
      `First available: ${englishDayName("demo-salon", expectedFirstDay("demo-salon", 60).iso)}`,
    );
    const color = await screen.findByRole("button", { name: "Full color" });
    expect(color.closest("li")!.textContent).toContain(
      `First available: ${englishDayName("demo-salon", expectedFirstDay("demo-salon", 120).iso)}`,
    );
  });
});

describe("<WidgetRoot> bad input", () => {
  it("says clearly when the company is unknown", async () => {
    renderWidget({ company: "no-such-place" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Vi fant ikke bookingsiden «no-such-place»");
    expect(console.error).toHaveBeenCalled();
  });

  it("says so when the company attribute is missing, and logs why", async () => {
    renderWidget({});
    expect((await screen.findByRole("alert")).textContent).toContain("mangler attributtet company");
    expect(String(vi.mocked(console.error).mock.calls[0])).toContain('"company" attribute is missing');
  });

  it("turns a malformed provider answer into a message and a log line, not a crash", async () => {
    const fetch = async () => json({ userId: "not a number", companyName: 42 });
    renderWidget({ company: "demo-salon", fetch });
    expect((await screen.findByRole("alert")).textContent).toContain("Bookingtjenesten sendte et svar vi ikke kunne lese");
    expect(String(vi.mocked(console.error).mock.calls[0]?.[1])).toContain("unexpected shape");
  });

  it("offers a retry when the API is unreachable, and recovers", async () => {
    let up = false;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!up) throw new TypeError("Failed to fetch");
      return api().fetch(input, init);
    };
    renderWidget({ company: "demo-salon", fetch });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Vi får ikke kontakt med bookingtjenesten");
    up = true;
    within(alert).getByRole("button", { name: "Prøv igjen" }).click();
    expect(await screen.findByRole("button", { name: "Women's haircut" })).toBeTruthy();
  });

  it("rejects an unknown view attribute with a message", async () => {
    renderWidget({ company: "demo-salon", view: "calendar" });
    expect((await screen.findByRole("alert")).textContent).toContain("ukjent visning");
  });
});

describe("<WidgetRoot> other views", () => {
  it("lists the company's booking pages with a Velg button each", async () => {
    renderWidget({ company: "demo", view: "chooser" });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("button").getAttribute("aria-label"))).toEqual([
      "Velg Demo Salon",
      "Velg Demo Physio Clinic",
      "Velg Demo Frisør",
      "Velg Demo Spa",
    ]);
    expect(items.every((item) => within(item).getByRole("button").textContent === "Velg")).toBe(true);
  });

  it("says clearly when the chooser's company is unknown", async () => {
    renderWidget({ company: "nobody", view: "chooser" });
    expect((await screen.findByRole("alert")).textContent).toContain("Vi fant ikke firmaet «nobody»");
  });

  it("shows My Page for a booking link", async () => {
    renderWidget({ company: "demo-clinic", view: "my-page" });
    expect(await screen.findByRole("heading", { level: 2, name: "My Page" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Book new appointment" }).getAttribute("href")).toBe("http://booking.test/demo-clinic");
  });
});

describe("<WidgetRoot> language switcher", () => {
  it("switches this element's language at once and remembers it", async () => {
    renderWidget({ company: "demo-salon" });
    expect(await screen.findByRole("heading", { level: 2, name: "Select service" })).toBeTruthy();
    const language = screen.getByRole("combobox", { name: "Language" });
    expect((language as HTMLSelectElement).value).toBe("en");
    expect(
      within(language)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Norsk", "English", "Español"]);
    await fill(user, language, "no");
    expect(await screen.findByRole("heading", { level: 2, name: "Velg tjeneste" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Språk" })).toBeTruthy();
    // Spec §1: the currency follows the language (kr suffix in Norwegian).
    expect(screen.getByText("65 kr")).toBeTruthy();
    expect(localStorage.getItem("booking-widget:language")).toBe("no");
    await fill(user, screen.getByRole("combobox", { name: "Språk" }), "es");
    expect(await screen.findByRole("heading", { level: 2, name: "Elige el servicio" })).toBeTruthy();
    expect(localStorage.getItem("booking-widget:language")).toBe("es");
  });

  it("keeps a language the visitor chose while the provider was loading, over the provider's", async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes("/User/ByUser/")) await held;
      return api().fetch(input, init);
    };
    // demo-salon's language is English; the visitor picks Spanish before it is known.
    renderWidget({ company: "demo-salon", fetch });
    await fill(user, await screen.findByRole("combobox", { name: "Språk" }), "es");
    await screen.findByRole("combobox", { name: "Idioma" });
    answer();
    expect(await screen.findByRole("heading", { level: 2, name: "Elige el servicio" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Women's haircut" })).toBeTruthy();
    expect(localStorage.getItem("booking-widget:language")).toBe("es");
  });

  it("lets a lang attribute the page sets later outrank the visitor's earlier choice", async () => {
    const view = renderWidget({ company: "demo-salon" });
    await fill(user, await screen.findByRole("combobox", { name: "Language" }), "no");
    expect(await screen.findByRole("heading", { level: 2, name: "Velg tjeneste" })).toBeTruthy();
    view.update({ company: "demo-salon", lang: "es" });
    expect(await screen.findByRole("heading", { level: 2, name: "Elige el servicio" })).toBeTruthy();
  });
});

// A sibling that suspends the first render until the gate opens: nothing commits, and
// React renders the whole tree again (its state made anew) once it can go on.
const gate = { open: true, opened: Promise.resolve() };
function Sibling() {
  if (!gate.open) throw gate.opened;
  return null;
}

describe("<WidgetRoot> first screen calls", () => {
  for (const [name, shared] of [
    ["the element's widget kept in its place", true],
    ["no widget kept across renders", false],
  ] as const) {
    it(`a first render React throws away and starts again asks the provider once (${name})`, async () => {
      const asked: string[] = [];
      const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        asked.push(String(input instanceof Request ? input.url : input));
        return api().fetch(input, init);
      };
      let go = () => {};
      gate.opened = new Promise<void>((resolve) => (go = resolve));
      gate.open = false;
      const place = shared ? {} : undefined;
      render(
        <>
          <WidgetRoot apiBase={TEST_API_BASE} fetch={fetch} company="demo-salon" {...(place ? { place } : {})} />
          <Sibling />
        </>,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      gate.open = true;
      go();
      expect(await screen.findByRole("button", { name: "Women's haircut" })).toBeTruthy();
      const providerCalls = asked.filter((url) => url.includes("/User/ByUser/demo-salon")).length;
      if (shared) expect(providerCalls).toBe(1);
      // What define.tsx guards against: without the element's place, the second render makes a widget and asks again.
      else expect(providerCalls).toBeGreaterThan(1);
    });
  }
});
