import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { holderOf } from "../../demo/api/secrets/holder.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 57: notify-all, a waiting customer opens the link of an offer that has ended. The
// reference API answers it (410 waitlist-offer-taken when someone else booked the time
// first, waitlist-offer-expired when it ran out), and the offer's page says which, that
// they are still on the waitlist, and offers another time.

const { api, renderWidget } = useWidgetTestApi();
const TOKEN = "ab".repeat(24);

/** demo-frisor, notify-all: a customer waits for tomorrow, and their offer of its 15:00 (link TOKEN) has ended, lost or run out. */
async function endedOffer(lost: boolean) {
  const { db, clock } = api();
  const now = clock.now();
  const [page] = await db.query<{ id: number }>(
    "UPDATE providers SET waitlist_mode = 'notify-all' WHERE booking_link = 'demo-frisor' RETURNING id",
  );
  const [customer] = await db.query<{ id: number }>(
    `INSERT INTO customer_accounts (provider_id, first_name, phone_number, phone_number_country_code, verified, phone_verified)
     VALUES ($1, 'Kari', '49999017', 47, true, true) RETURNING id`,
    [page!.id],
  );
  const [service] = await db.query<{ id: number }>("SELECT id FROM services WHERE provider_id = $1 AND title = 'Dameklipp'", [page!.id]);
  const [staff] = await db.query<{ id: number }>("SELECT id FROM staff_members WHERE provider_id = $1 LIMIT 1", [page!.id]);
  const tomorrow = new Date(now.getTime() + 86_400_000);
  const [entry] = await db.query<{ id: number }>(
    `INSERT INTO waitlist_entries (provider_id, customer_id, service_ids, days, created_at, ends_at)
     VALUES ($1, $2, $3, ARRAY[$4::date], $5, $6) RETURNING id`,
    [page!.id, customer!.id, [service!.id], tomorrow.toISOString().slice(0, 10), now, new Date(tomorrow.getTime() + 86_400_000)],
  );
  await db.query(
    `INSERT INTO waitlist_offers (entry_id, provider_id, customer_id, staff_member_id, starts_at, ends_at, held, token_digest,
       created_at, expires_at, expired_at, lost)
     VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8, $9, $8, $10)`,
    [
      entry!.id,
      page!.id,
      customer!.id,
      staff!.id,
      tomorrow,
      new Date(tomorrow.getTime() + 45 * 60_000),
      holderOf(serverKeys(DEMO_SECRET), TOKEN),
      now,
      new Date(now.getTime() + 15 * 60_000),
      lost,
    ],
  );
  history.replaceState(null, "", `/demo-frisor/venteliste?tilbud=${TOKEN}`);
}

describe("an ended waitlist offer's page", () => {
  it("someone else booked the time first: it says so, says the visitor is still on the waitlist, and offers another time", async () => {
    await endedOffer(true);
    renderWidget({ view: "waitlist-offer", company: "demo-frisor", lang: "en" });
    expect(await screen.findByText("Someone else has just taken this time. You are still on the waitlist.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Find another time" })).toBeTruthy();
    expect(screen.queryByText(/has run out/)).toBeNull();
  });

  it("run out unused: it says that instead", async () => {
    await endedOffer(false);
    renderWidget({ view: "waitlist-offer", company: "demo-frisor", lang: "en" });
    expect(await screen.findByText("This offer has run out, and the time has gone to others. You are still on the waitlist.")).toBeTruthy();
    expect(screen.queryByText(/Someone else has just taken/)).toBeNull();
  });
});
