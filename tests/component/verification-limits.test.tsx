import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { reachClinicConfirm } from "../support/clinic-form.ts";
import { fill } from "../support/user.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// The API's limits on verification codes, as the confirm step tells them. Apart from
// confirm-and-receipt.test.tsx because they test limits, not time rules: .ci/run runs that
// file again at other instants, not this one.
const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });
const reachConfirm = (email: string) => reachClinicConfirm(user, () => renderWidget({ company: "demo-clinic" }), email);

describe("verification limits on the confirm step (demo-clinic: e-mail verification)", () => {
  it("says in words when too many codes were sent, and stays on the confirm step", async () => {
    const email = "too-many@example.com";
    await reachConfirm(email);
    // Three codes to this address within 15 minutes already (the API's send limit).
    for (let i = 0; i < 3; i++) {
      expect(
        (await api().postJson(`/Appointment/verificationCode?userId=${await api().providerId("demo-clinic")}`, { emailAddress: email }))
          .status,
      ).toBe(200);
    }
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    expect(await screen.findByText(/^Too many attempts\. Wait 1[45] minutes and try again\.$/)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Confirm it is you" })).toBeNull();
    expect(screen.getByRole("button", { name: "Book appointment" })).toBeTruthy();
  });

  it("after too many wrong codes says how long to wait, and offers no code to type or send until then", async () => {
    const email = "locked-out@example.com";
    await reachConfirm(email);
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    const verify = await screen.findByRole("form", { name: "Confirm it is you" });
    const [message] = await api().outbox(email);
    const wrong = message!.code === "00000" ? "11111" : "00000";
    for (let attempt = 1; attempt <= 6; attempt++) {
      await fill(user, within(verify).getByRole("textbox", { name: "Code" }), wrong);
      await user.click(within(verify).getByRole("button", { name: "Verify" }));
      await waitFor(() =>
        expect((within(verify).getByRole("button", { name: "Verify" }) as HTMLButtonElement).getAttribute("aria-busy")).toBeNull(),
      );
    }
    expect(await within(verify).findByText("Too many attempts. Wait 1 minute and try again.")).toBeTruthy();
    expect((within(verify).getByRole("button", { name: "Verify" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(verify).getByRole("button", { name: /new code/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(verify).queryByText("Could not verify with this code")).toBeNull();
  });
});
