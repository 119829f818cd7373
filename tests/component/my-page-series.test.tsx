import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../../src/contract/format-price.ts";
import { addDays, weekdayOf } from "../../src/contract/zoned-time.ts";
import { testSeed } from "../fixtures/test-seed.ts";
import { bookingPage, bookingRequest, dateParts, hoursFor, loginToken, payWithSimulator } from "../support/booking-helpers.ts";
import { demoToday } from "../support/expected-times.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 57: "Cancel the rest" of a series on My Page says, before the customer confirms,
// every date it cancels and the amount the API will refund; the answer names them again.
// Demo Frisør's colouring (a 500 kr deposit online) here repeats weekly.
function seedWithWeeklyColouring() {
  const seed = structuredClone(testSeed);
  const frisor = seed.companies.flatMap((company) => company.providers).find((page) => page.bookingLink === "demo-frisor")!;
  const colouring = frisor.categories.flatMap((category) => category.services).find((service) => service.title === "Farging")!;
  Object.assign(colouring, { series: { everyWeeks: [1], maxOccurrences: 4 } });
  return seed;
}

const { api, renderWidget } = useWidgetTestApi({ seed: seedWithWeeklyColouring() });
const user = userEvent.setup({ delay: null });
const KARI = { phone: "41234567", password: "frisor-demo-1" };
const formatted = (iso: string, time: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} at ${time}`;

/** Kari books colouring three weeks running, paid online (3 × 500 kr): the dates, the time and her My Page code. */
async function weeklyColouring() {
  const { provider, services } = await bookingPage(api(), "demo-frisor");
  const colouring = services.Farging!;
  const token = await loginToken(api(), provider, KARI.phone, KARI.password);
  let first = addDays(demoToday("demo-frisor"), 5);
  while (![2, 3, 4, 5, 6].includes(weekdayOf(first))) first = addDays(first, 1);
  const time = (await hoursFor(api(), provider, colouring, {}, first)).hoursToBook[0]!.backendLabel;
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const dates = [first, addDays(first, 7), addDays(first, 14)];
  const answer = await api().postJson(
    `/Appointment?userId=${provider.userId}`,
    bookingRequest(provider, colouring, first, time, {
      phoneNumber: KARI.phone,
      phoneNumberCountryCode: 47,
      emailAddress: "",
      customerAccountIdentificationCode: token,
      customFields: [],
      smsReceipt: true,
      emailReceipt: false,
      series: { everyWeeks: 1, occurrences: dates.slice(1).map((date) => ({ ...dateParts(date), hour, minute })) },
    }),
  );
  expect(answer.status, await answer.clone().text()).toBe(200);
  const booked = (await answer.json()) as { id: number; paymentToken: string };
  await payWithSimulator(api(), provider, booked.id, booked.paymentToken);
  const code = /c=(\d{3})/.exec((await api().outbox(KARI.phone))[0]!.body)![1]!;
  return { dates, time, code };
}

describe("My Page: cancel the rest of a series", () => {
  it("says every date and the amount the API will refund before asking, cancels, and names them again", async () => {
    const { dates, time, code } = await weeklyColouring();
    history.replaceState(null, "", `/demo-frisor/min-side?p=${KARI.phone}&c=${code}`);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en", navigation: "routes" });
    // From the second week: the second and third go, their share of the 1,500 kr paid (2 × 500).
    await user.click(
      await screen.findByRole("button", { name: `Cancel the rest of the series from Farging, ${formatted(dates[1]!, time)}` }),
    );
    const later = `${formatted(dates[1]!, time)} and ${formatted(dates[2]!, time)}`;
    const amount = formatPrice(1000, "en");
    const dialog = await screen.findByRole("dialog", {
      name: `Cancel Farging on these 2 dates: ${later}? ${amount} of what you paid online will be refunded to you.`,
    });
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect(
      await screen.findByText(`The rest of your series has been cancelled. ${amount} will be refunded to you for ${later}.`),
    ).toBeTruthy();
    const refunds = await api().db.query<{ amount: number }>("SELECT amount::float8 AS amount FROM refunds");
    expect(refunds).toEqual([{ amount: 1000 }]);
  });
});
