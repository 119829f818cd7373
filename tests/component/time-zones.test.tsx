import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, fromZoned, pad2, toZoned } from "../../src/contract/zoned-time.ts";
import { formatOffset, offsetMinutes } from "../../src/time/time-zone-note.ts";
import { now } from "../../src/time/now.ts";
import { accountById } from "../../demo/api/customers/customer-accounts.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { bookingPage, bookingRequest } from "../support/booking-helpers.ts";
import { clockOf, demoToday, expectedFirstDay, twelveHourClock } from "../support/expected-times.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import { fill } from "../support/user.ts";

// Issue 57, point 3: the visitor's time zone said consistently. The tests run in the
// machine's zone (UTC in CI), which is none of the test pages' zones: Chicago (24-hour),
// New York (12-hour), Oslo (24-hour).
const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });
const visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The visitor's clock of an instant, as a 12-hour page writes it. */
const visitorClock12 = (instant: Date) => twelveHourClock(instant, visitorZone);

describe("the time step's zone note after the swap", () => {
  it("says which clock is first, and the button names the other", async () => {
    renderWidget({ company: "demo-clinic" });
    await user.click(await screen.findByRole("button", { name: "Physiotherapy" }));
    const first = expectedFirstDay("demo-clinic", 45);
    const hours = await screen.findByRole("region", { name: /^Available times / });
    await waitFor(() => expect(within(hours).getAllByRole("button")[0]!.textContent).toBe(first.times[0]), { timeout: 8000 });
    const noon = new Date(`${first.iso}T12:00:00Z`);
    const chicago = formatOffset(offsetMinutes("America/Chicago", noon));
    const yours = formatOffset(offsetMinutes(visitorZone, noon));
    expect(screen.getByText(`Times are shown in the local time of Chicago (${chicago}).`)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Show my time first" }));
    expect(
      await screen.findByText(
        `Times are shown in your own time (${yours}) first, with the local time of Chicago (${chicago}) beside each.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^Times are shown in the local time of/)).toBeNull();
    // The large numbers are the visitor's now; each names Chicago's beside it.
    const start = fromZoned(first.iso, first.times[0]!, "America/Chicago");
    const button = within(hours).getAllByRole("button")[0]!;
    expect(button.textContent).toMatch(new RegExp(`${clockOf(start, visitorZone)}$`));
    expect(screen.getByText(`${first.times[0]} in Chicago`)).toBeTruthy();

    // The button offers the way back, and takes it.
    expect(screen.queryByRole("button", { name: "Show my time first" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show Chicago time first" }));
    expect(await screen.findByText(`Times are shown in the local time of Chicago (${chicago}).`)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show my time first" })).toBeTruthy();
    expect(within(hours).getAllByRole("button")[0]!.textContent).toBe(first.times[0]);
  });
});

describe("a series' receipt in two zones (rules-studio, New York, 12-hour)", () => {
  it("says the visitor's time beside every time of the series, not only the first", async () => {
    renderWidget({ company: "rules-studio" });
    await user.click(await screen.findByRole("button", { name: "Physio course" }));
    await user.click(await screen.findByRole("checkbox", { name: "Repeat this appointment" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Every" }), "1");
    await user.selectOptions(screen.getByRole("combobox", { name: "Times in all" }), "3");
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Your series" });
    await user.click(await within(dialog).findByRole("button", { name: "Continue with 3 appointments" }, { timeout: 8000 }));
    await fill(user, await screen.findByRole("textbox", { name: "Name" }), "Sara Series");
    await fill(user, screen.getByRole("textbox", { name: "Phone number" }), "2125550399");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Book appointment" }));
    expect(await screen.findByText("Thank you for your booking!", undefined, { timeout: 8000 })).toBeTruthy();

    const booked = screen.getByText(/^Your appointment at Rules Studio is booked for /).textContent!;
    const also = screen.getByText(/^Also booked in this series: /).textContent!;
    // Every time: dd.mm.yyyy, New York's clock, and the visitor's in brackets (with its weekday on another day).
    const time = /(\d{2})\.(\d{2})\.(\d{4}),? (\d{1,2}:\d{2} [AP]M) \(((?:\w{3} )?\d{1,2}:\d{2} [AP]M) your time\)/g;
    const times = [...`${booked} ${also}`.matchAll(time)];
    expect(times).toHaveLength(3);
    for (const [, day, month, year, theirs, yours] of times) {
      const [clock, half] = theirs!.split(" ") as [string, string];
      const [h, m] = clock.split(":").map(Number) as [number, number];
      const start = fromZoned(`${year}-${month}-${day}`, `${(h % 12) + (half === "PM" ? 12 : 0)}:${m}`, "America/New_York");
      expect(yours!.replace(/^\w{3} /, "")).toBe(visitorClock12(start));
    }
  });
});

describe("the hold's end in the page's clock", () => {
  /** The clock time a hold begun now ends at (10 minutes), in `zone`. */
  const holdEnd = (zone: string, clock: (hour: number, minute: number) => string) => {
    const wall = toZoned(new Date(now().getTime() + 10 * 60_000), zone);
    return clock(wall.hour, wall.minute);
  };
  const twentyFour = (hour: number, minute: number) => `${pad2(hour)}:${pad2(minute)}`;
  const twelve = (hour: number, minute: number) => `${hour % 12 || 12}:${pad2(minute)} ${hour < 12 ? "AM" : "PM"}`;

  it("is 24-hour on a 24-hour page, and names the provider's place (demo-clinic, Chicago)", async () => {
    renderWidget({ company: "demo-clinic" });
    await user.click(await screen.findByRole("button", { name: "Physiotherapy" }));
    const hours = await screen.findByRole("region", { name: /^Available times / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    const held = await screen.findByText(/^This time is held for you until /, undefined, { timeout: 8000 });
    expect(held.textContent).toBe(`This time is held for you until ${holdEnd("America/Chicago", twentyFour)} Chicago time.`);
  });

  it("is 12-hour on a 12-hour page (rules-studio, New York)", async () => {
    renderWidget({ company: "rules-studio" });
    await user.click(await screen.findByRole("button", { name: "Quick trim" }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ }))[0]!);
    const held = await screen.findByText(/^This time is held for you until /, undefined, { timeout: 8000 });
    expect(held.textContent).toBe(`This time is held for you until ${holdEnd("America/New_York", twelve)} New York time.`);
  });
});

describe("a waitlist offer's held-until (demo-frisor, Oslo, 24-hour)", () => {
  const keys = serverKeys(DEMO_SECRET);
  // The offer's link is the page's address; the next test starts at the file's own.
  const first = location.href;
  afterEach(() => history.replaceState(null, "", first));
  /** A verified customer of demo-frisor (a proven phone), made directly. */
  async function customer(userId: number, phone: string) {
    const [row] = await api().db.query<{ id: number }>(
      `INSERT INTO customer_accounts (provider_id, first_name, phone_number, phone_number_country_code, verified, phone_verified)
       VALUES ($1, 'Kunde', $2, 47, true, true) RETURNING id`,
      [userId, phone],
    );
    return { phone, token: (await accountById(api().db, keys, row!.id)).customerAccountIdentificationCode! };
  }

  it("says the offer's end as the SMS does, on the page's clock, naming Oslo", async () => {
    const { provider, services } = await bookingPage(api(), "demo-frisor");
    const day = expectedFirstDay("demo-frisor", 45, undefined, addDays(demoToday("demo-frisor"), 3)).iso;
    // Both chairs' 15:00 taken, a visitor waiting for it, one of them cancelled: the worker offers it by SMS.
    const booked = [];
    for (const phone of ["41000001", "41000002"]) {
      const who = await customer(provider.userId, phone);
      const answer = await api().postJson(
        `/Appointment?userId=${provider.userId}`,
        bookingRequest(provider, services.Dameklipp!, day, "15:00", {
          phoneNumber: phone,
          phoneNumberCountryCode: 47,
          emailAddress: "",
          customerAccountIdentificationCode: who.token,
          customFields: [],
        }),
      );
      expect(answer.status).toBe(200);
      booked.push({ ...who, id: ((await answer.json()) as { id: number }).id });
    }
    const visitor = await customer(provider.userId, "41000003");
    const joined = await api().postJson(`/Waitlist?userId=${provider.userId}`, {
      customerAccountIdentificationCode: visitor.token,
      serviceBookings: [{ serviceId: services.Dameklipp!.id }],
      days: [day],
      after: "15:00",
      before: "15:15",
    });
    expect(joined.status).toBe(200);
    const [ingrid] = booked;
    const cancelled = await api().request(
      `/Appointment/cancelByCustomer?appointmentId=${ingrid!.id}&customerToken=${ingrid!.token}&phoneNumber=${ingrid!.phone}&userId=${provider.userId}`,
      { method: "POST" },
    );
    expect(cancelled.status).toBe(200);
    await api().offerWaitlist();
    const [sms] = await api().outbox(visitor.phone);
    const token = /venteliste\?tilbud=([0-9a-f]+)/.exec(sms!.body)![1]!;
    const until = /til kl\. (\d{2}:\d{2})/.exec(sms!.body)![1]!;

    history.replaceState(null, "", `/demo-frisor/venteliste?tilbud=${token}`);
    renderWidget({ company: "demo-frisor", view: "waitlist-offer", lang: "en" });
    const held = await screen.findByText(/^This time is held for you until /, undefined, { timeout: 8000 });
    expect(held.textContent).toBe(`This time is held for you until ${until} Oslo time.`);
  });
});

describe("the waitlist's part of the day in the page's time format", () => {
  /** Opens the waitlist form under the first day's hours of `service`. */
  async function openJoinForm(company: string, service: string, formName: string | RegExp, join: string) {
    renderWidget({ company, lang: "en" });
    await user.click(await screen.findByRole("button", { name: service }));
    await user.click(await screen.findByRole("button", { name: join }, { timeout: 8000 }));
    return screen.findByRole("form", { name: formName });
  }
  const options = (select: HTMLElement) =>
    within(select)
      .getAllByRole("option")
      .map((option) => option.textContent);

  it("is 24-hour on a 24-hour page (demo-frisor, 10:00–18:00 every 15 minutes)", async () => {
    const form = await openJoinForm("demo-frisor", "Dameklipp", "Join the waitlist", "Join the waitlist");
    for (const name of [/^Not before/, /^Not after/]) {
      const select = within(form).getByRole("combobox", { name });
      expect(options(select).slice(0, 3)).toEqual(["Any time", "10:00", "10:15"]);
      expect(options(select).at(-1)).toBe("18:00");
    }
    await user.selectOptions(within(form).getByRole("combobox", { name: /^Not before/ }), "14:30");
    expect((within(form).getByRole("combobox", { name: /^Not before/ }) as HTMLSelectElement).value).toBe("14:30");
  });

  it("is 12-hour on a 12-hour page (rules-studio, New York, with a waitlist)", async () => {
    await api().db.query("UPDATE providers SET waitlist_enabled = true, verification_type = 2 WHERE booking_link = 'rules-studio'");
    const form = await openJoinForm("rules-studio", "Quick trim", "Join the waitlist", "Join the waitlist");
    const select = within(form).getByRole("combobox", { name: /^Not after/ });
    expect(options(select).slice(0, 3)).toEqual(["Any time", "9:00 AM", "9:15 AM"]);
    expect(options(select)).toContain("12:45 PM");
    expect(options(select).at(-1)).toBe("5:00 PM");
  });
});
