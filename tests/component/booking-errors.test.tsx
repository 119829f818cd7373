import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fillClinicForm, openClinicForm } from "../support/clinic-form.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

/** Answers `pattern`'s POSTs with `status` and `message`; everything else goes to the reference API. */
function failing(pattern: RegExp, status: number, message: string): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (request.method === "POST" && pattern.test(request.url)) {
      return new Response(JSON.stringify({ message }), { status, headers: { "content-type": "application/json" } });
    }
    return api().fetch(request);
  };
}

async function bookAtClinic(fetch: typeof globalThis.fetch) {
  renderWidget({ company: "demo-clinic", fetch });
  await openClinicForm(user);
  await fillClinicForm(user, "errors@example.com");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await user.click(await screen.findByRole("button", { name: "Book appointment" }));
}

describe("booking refusals (spec §8)", () => {
  it("an occupied slot shows the overlap snackbar and goes back to the hours, keeping the details", async () => {
    await bookAtClinic(failing(/\/Appointment\?userId=/, 409, "Cannot book appointment - it's occupied"));
    const notices = await screen.findByRole("region", { name: "Notifications" });
    expect(within(notices).getByRole("alert").textContent).toContain(
      "This time overlaps the next appointment. Please choose a shorter service or another time.",
    );
    expect(await screen.findByRole("heading", { level: 2, name: "Select time" })).toBeTruthy();
    const hours = await screen.findByRole("region", { name: /^Available times / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    expect(((await screen.findByRole("textbox", { name: "Email" })) as HTMLInputElement).value).toBe("errors@example.com");
  });

  it("a failed booking shows the provider's phone number and returns to step 1", async () => {
    await bookAtClinic(failing(/\/Appointment\?userId=/, 500, "boom"));
    expect(
      await screen.findByRole("dialog", { name: "An unexpected error occurred. Please try again, or call 3125550100 to book." }),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Select service" })).toBeTruthy();
  });

  it("a verification code that cannot be sent says so and stays on the confirm step", async () => {
    const fetch = failing(/\/Appointment\/verificationCode/, 500, "mail server down");
    await bookAtClinic(fetch);
    const notices = await screen.findByRole("region", { name: "Notifications" });
    expect(within(notices).getByRole("alert").textContent).toContain("Could not send the verification code");
    expect(screen.getByRole("button", { name: "Book appointment" })).toBeTruthy();
  });

  it("sends one booking however often the form is submitted while it runs", async () => {
    let bookings = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.method === "POST" && /\/Appointment\?userId=/.test(request.url)) {
        bookings += 1;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      return api().fetch(request);
    };
    renderWidget({ company: "demo-clinic", fetch });
    await openClinicForm(user);
    await fillClinicForm(user, "twice@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const book = await screen.findByRole("button", { name: "Book appointment" });
    const form = book.closest("form")!;
    // Three presses in one tick, before any re-render: fireEvent, as user-event waits between events.
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole("form", { name: "Confirm it is you" })).toBeTruthy();
    expect(bookings).toBe(1);
  });
});
