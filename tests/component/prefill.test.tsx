import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { bookingPage } from "../support/booking-helpers.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

const warnings = () => vi.mocked(console.warn).mock.calls.map((call) => String(call[0]));
const stepHeading = (name: string) => screen.findByRole("heading", { level: 2, name });

/** The API's fetch, keeping the bodies of the availability calls: what the calendar asked for. */
function recordingAvailability() {
  const asked: { serviceBookings: { serviceId: number }[]; staffMemberId?: number | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes("availableHours") && typeof init?.body === "string")
      asked.push(JSON.parse(init.body));
    return api().fetch(input, init);
  };
  return { asked, fetch };
}

async function staffId(bookingLink: string, serviceId: number, fullName: string) {
  const { provider } = await bookingPage(api(), bookingLink);
  const answer = await api().postJson(`/StaffMember/asAnonymous/${provider.userId}`, { serviceBookings: [{ serviceId }] });
  const staff = (await answer.json()) as { id: number; fullName: string }[];
  return staff.find((member) => member.fullName === fullName)!.id;
}

describe("prefill and pre-selection by attributes", () => {
  it("service and staff chosen on load: the visitor starts at the time step; name, e-mail and phone fill the form", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { services } = await bookingPage(api(), "demo-salon");
    const cut = services["Men's haircut"]!;
    const sam = await staffId("demo-salon", cut.id, "Sam Rivera");
    const calendar = recordingAvailability();
    renderWidget({
      company: "demo-salon",
      fetch: calendar.fetch,
      service: String(cut.id),
      staff: String(sam),
      firstName: "Robin",
      lastName: "Hood",
      email: "robin@example.com",
      phone: "+12125550177",
    });
    await stepHeading("Select time");
    await waitFor(() => expect(calendar.asked.length).toBeGreaterThan(0));
    expect(
      calendar.asked.every((body) => body.serviceBookings.map((b) => b.serviceId).join() === String(cut.id) && body.staffMemberId === sam),
    ).toBe(true);
    const hours = await screen.findByRole("region", { name: /^(Available times|Hours on) / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ }))[0]!);
    // demo-salon has customer accounts: the phone step shows the prefilled number.
    const phone = (await screen.findByRole("textbox", { name: "Phone number" })) as HTMLInputElement;
    expect(phone.value).toBe("2125550177");
    expect(warnings()).toEqual([]);
  });

  it("accounts off (demo-clinic): the information form opens filled with the page's name, e-mail and phone (split into country code and number)", async () => {
    const { services } = await bookingPage(api(), "demo-clinic");
    renderWidget({
      company: "demo-clinic",
      service: String(services.Physiotherapy!.id),
      firstName: "Ola",
      lastName: "Nordmann",
      email: "ola@example.com",
      phone: "+13125550199",
    });
    const hours = await screen.findByRole("region", { name: /^Available times / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    await screen.findByRole("form", { name: "Your information" });
    const value = (name: string) => (screen.getByRole("textbox", { name }) as HTMLInputElement).value;
    expect([value("Name"), value("Email"), value("Phone number")]).toEqual(["Ola Nordmann", "ola@example.com", "3125550199"]);
    expect((screen.getByRole("combobox", { name: "Country code" }) as HTMLSelectElement).value).toBe("US");
  });

  it("an open form follows the page's new prefill: fields the visitor left take it, what they typed stays; a misfit is warned", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { services } = await bookingPage(api(), "demo-clinic");
    const first = { company: "demo-clinic", service: String(services.Physiotherapy!.id), firstName: "Ola", lastName: "Nordmann" };
    const view = renderWidget({ ...first, phone: "+13125550199" });
    const hours = await screen.findByRole("region", { name: /^Available times / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    await screen.findByRole("form", { name: "Your information" });
    const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
    await user.type(field("Phone number"), "1");
    await user.type(field("City"), "Chicago");
    // The page learns who its visitor is while the form is open.
    view.update({ ...first, firstName: "Kari", email: "kari@example.com", phone: "+4741234567" });
    await waitFor(() => expect(field("Name").value).toBe("Kari Nordmann"));
    expect(field("Email").value).toBe("kari@example.com");
    // The phone number the visitor changed stays, with its country code.
    expect(field("Phone number").value).toBe("31255501991");
    expect((screen.getByRole("combobox", { name: "Country code" }) as HTMLSelectElement).value).toBe("US");
    expect(field("City").value).toBe("Chicago");
    expect(warn).not.toHaveBeenCalled();
    view.update({ ...first, firstName: "Kari", email: "not an address" });
    await waitFor(() => expect(warnings().some((text) => text.includes('ignored email="not an address"'))).toBe(true));
    expect(field("Email").value).toBe("kari@example.com");
  });

  it("accounts on (demo-salon): a new profile's form follows the page's new name and e-mail, never past the phone given", async () => {
    const { services } = await bookingPage(api(), "demo-salon");
    // The page gave the phone from the start: the phone step opens with it.
    const first = { company: "demo-salon", service: String(services["Men's haircut"]!.id), lang: "en", phone: "+12125550177" };
    const view = renderWidget(first);
    await user.click(await screen.findByRole("button", { name: /Any staff member/ }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2}/ }))[0]!);
    expect(((await screen.findByRole("textbox", { name: "Phone number" })) as HTMLInputElement).value).toBe("2125550177");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByText("You are new here: create your profile.");
    view.update({ ...first, firstName: "Nora", lastName: "New", email: "nora@example.com", phone: "+4741234567" });
    const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
    await waitFor(() => expect(field("Name").value).toBe("Nora New"));
    expect(field("Email").value).toBe("nora@example.com");
    expect(field("Phone number").value).toBe("2125550177");
    expect((screen.getByRole("combobox", { name: "Country code" }) as HTMLSelectElement).value).toBe("US");
  });

  it("values that do not fit are ignored with one console warning each, naming the attribute; the visitor sees the usual first step", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderWidget({ company: "demo-clinic", service: "99999", staff: "3", email: "not-an-address", phone: "12345" });
    await screen.findByRole("button", { name: "Physiotherapy" });
    await waitFor(() => expect(warnings().some((text) => /service="99999"/.test(text))).toBe(true));
    expect(screen.getByRole("heading", { level: 2, name: "Select service" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Physiotherapy" }));
    const hours = await screen.findByRole("region", { name: /^Available times / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    await screen.findByRole("form", { name: "Your information" });
    expect((screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("textbox", { name: "Phone number" }) as HTMLInputElement).value).toBe("");
    expect(screen.queryByText(/must be valid/)).toBeNull();
    const said = warnings();
    for (const attribute of ['service="99999"', 'staff="3"', 'email="not-an-address"', 'phone="12345"']) {
      expect(said.filter((text) => text.includes(attribute))).toHaveLength(1);
    }
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it("follows a change of the service attribute after mount: the new service is chosen", async () => {
    const { services } = await bookingPage(api(), "demo-salon");
    const view = renderWidget({ company: "demo-salon", lang: "en" });
    await screen.findByRole("button", { name: /^Consultation/ });
    view.update({ company: "demo-salon", lang: "en", service: String(services.Consultation!.id) });
    await stepHeading("Select staff");
    // Only Alex offers a consultation: the staff step is the consultation's.
    const cards = await screen.findAllByRole("button", { name: /Morgan|Rivera|Chen|Anyone|Any/ });
    expect(cards.map((card) => card.textContent)).toEqual([expect.stringMatching(/^★/), expect.stringMatching(/Alex Morgan/)]);
  });
});
