import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminAccess } from "../../demo/api/admin/admin-access.ts";
import { adminOf } from "../support/admin-stub-guard.ts";
import { paymentRequest } from "../support/booking-helpers.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";
import { adminSite, at, type Salon, salonOf, seed, visitorBooks } from "./admin-day-salon.ts";

// Issue 59's races, as real parallel requests: on PostgreSQL the provider's request and
// the visitor's (or the gateway's) run on two API instances with their own connection
// pools, as two processes would; on PGlite, which one process owns, on one database.
let api: TestApi;
let other: Awaited<ReturnType<TestApi["secondInstance"]>>;
let salon: Salon;
let who: AdminAccess | null;
let site: ReturnType<typeof adminSite>;
beforeAll(async () => {
  api = await startTestApi({ seed });
  other = await api.secondInstance();
  salon = await salonOf(api);
  site = adminSite(api, () => who);
});
afterAll(async () => {
  await other.close();
  await api.close();
});
beforeEach(async () => {
  await api.reset();
  who = adminOf(salon.provider.userId);
});

const ROUNDS = 4;

describe("a provider's move and a visitor's booking for the same time", () => {
  it("lets exactly one of them have it, every time", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await api.reset();
      const moving = await visitorBooks(api, salon, "Haircut", "10:00", salon.kari);
      expect(moving.status).toBe(200);
      const [move, booking] = await Promise.all([
        site.post(`/admin/appointments/${moving.body.id}/move`, { start: at("14:00"), staffMemberId: salon.ola }),
        visitorBooks(other, salon, "Haircut", "14:00", salon.ola, { phone: "2125550188", name: "Rita Racer" }),
      ]);
      expect([move.status, booking.status].sort(), `round ${round}`).toEqual([200, 409]);
      const at14 = await api.db.query<{ id: number }>(
        "SELECT id FROM appointments WHERE staff_member_id = $1 AND starts_at = $2 AND status <> 'cancelled'",
        [salon.ola, at("14:00")],
      );
      expect(at14.map((row) => row.id)).toEqual([move.status === 200 ? moving.body.id : booking.body.id]);
      // The loser was told "occupied", in the words it always is.
      const lost = move.status === 409 ? ((await move.json()) as { code: string }) : booking.body;
      expect(lost.code).toBe("occupied");
    }
  });
});

describe("a provider's cancel and a payment arriving for the same booking", () => {
  it("ends every payment in a confirmed booking or a refund, never money kept for a cancelled booking", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await api.reset();
      const held = await visitorBooks(api, salon, "Color", "10:00", salon.kari, { phone: "2125550144" });
      expect(held.body.status).toBe("awaiting_payment");
      const initiated = await api.postJson(
        "/payu/initiate",
        paymentRequest(TEST_ORIGIN, {
          amount: 100,
          currency: "USD",
          provider: "payu",
          userId: salon.provider.userId,
          appointmentId: held.body.id,
          paymentToken: held.body.paymentToken,
        }),
      );
      expect(initiated.status).toBe(200);
      const { paymentId } = (await initiated.json()) as { paymentId: string };
      // The payment lands first on some rounds, the cancel on others: each is tried while the other may be under way.
      const pay = () => other.request(`/payments/${paymentId}/pay`, { method: "POST" });
      const cancel = () => site.post(`/admin/appointments/${held.body.id}/cancel`);
      const [cancelled] = round % 2 === 0 ? await Promise.all([cancel(), pay()]) : (await Promise.all([pay(), cancel()])).reverse();
      // A cancel refused now (still unpaid) is tried again once the payment has answered, as staff would.
      if (cancelled!.status !== 200) expect(((await cancelled!.json()) as { code: string }).code).toBe("awaiting-payment");
      const retried = cancelled!.status === 200 ? cancelled! : await cancel();
      expect(retried.status, `round ${round}`).toBe(200);
      await api.refunds.refundDue();
      const [state] = await api.db.query<{ payment: string; appointment: string; refunded: number }>(
        `SELECT p.status AS payment, a.status AS appointment,
                coalesce((SELECT sum(amount) FROM refunds r WHERE r.payment_id = p.id AND r.status = 'done'), 0)::float8 AS refunded
           FROM payments p JOIN appointments a ON a.id = $2 WHERE p.id = $1`,
        [paymentId, held.body.id],
      );
      // Cancelled in the end, so the money went back in full, whichever came first.
      expect(state, `round ${round}`).toEqual({ payment: "refunded", appointment: "cancelled", refunded: 100 });
    }
  });
});
