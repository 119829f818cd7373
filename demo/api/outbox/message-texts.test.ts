import { describe, expect, it } from "vitest";
import { cancellationMessage, receiptMessage, refundMessage, verificationCodeMessage } from "./message-texts.ts";

const details = {
  company: "Demo Frisør",
  services: ["Dameklipp"],
  date: "01.12.2026",
  time: "10:15",
  address: "Storgata 1, Oslo",
  myPageUrl: "http://localhost:8080/demo-frisor/min-side?p=41234567&c=042",
  hoursToCancel: 12,
};

describe("outbox texts", () => {
  it("writes the receipt in the booking page's language, with the My Page link and the cancel limit", () => {
    const no = receiptMessage("no", details);
    expect(no.subject).toBe("Demo Frisør: timen er bekreftet 01.12.2026 10:15");
    expect(no.body).toContain("Dameklipp 01.12.2026 kl. 10:15.");
    expect(no.body).toContain(details.myPageUrl);
    expect(no.body).toContain("inntil 12 timer");
    expect(receiptMessage("en", details).body).toContain("on 01.12.2026 at 10:15");
    expect(receiptMessage("es", details).body).toContain("Mi página");
  });

  it("leaves out the lines that do not apply", () => {
    const bare = receiptMessage("en", { ...details, address: "", myPageUrl: null, hoursToCancel: 0 });
    expect(bare.body).not.toMatch(/Address|My Page|cancellations/);
    expect(bare.body.split("\n")).toHaveLength(2);
  });

  it("falls back to Norwegian for an unknown language", () => {
    expect(verificationCodeMessage("de", "X", "12345").body).toBe("Bekreftelseskoden din hos X er 12345. Den gjelder i 15 minutter.");
  });

  it("tells a refund: how much, and why, in the page's language; with the booking's time when it had one", () => {
    const refund = { company: "Demo Frisør", amount: "500 kr (NOK)", date: "01.12.2026", time: "10:15" } as const;
    const taken = refundMessage("no", { ...refund, cause: "time-taken" });
    expect(taken.subject).toBe("Demo Frisør: betalingen er refundert");
    expect(taken.body).toBe(
      "Betalingen kom etter at timen vi holdt av 01.12.2026 kl. 10:15 var utløpt, og timen er ikke lenger ledig, så bestillingen ble ikke gjort.\n" +
        "500 kr (NOK) er betalt tilbake til deg. Det kan ta 5–10 virkedager før det vises på kontoen.",
    );
    expect(refundMessage("en", { ...refund, cause: "cancelled-by-customer" }).body).toMatch(
      /^You cancelled your appointment on 01\.12\.2026 at 10:15 in time\.\n500 kr \(NOK\) has been refunded to you\./,
    );
    expect(refundMessage("es", { ...refund, cause: "cancelled-by-provider" }).body).toMatch(/^Demo Frisør canceló tu cita el 01\.12\.2026/);
    // A series' share names every date it covers (issue 57).
    const also = [
      { date: "08.12.2026", time: "10:15" },
      { date: "15.12.2026", time: "10:15" },
    ];
    expect(refundMessage("en", { ...refund, also, cause: "cancelled-by-customer" }).body).toMatch(
      /^You cancelled your appointments on 01\.12\.2026 at 10:15, 08\.12\.2026 at 10:15 and 15\.12\.2026 at 10:15 in time\./,
    );
    expect(refundMessage("es", { ...refund, also, cause: "cancelled-by-customer" }).body).toMatch(
      /^Cancelaste tus citas el 01\.12\.2026 a las 10:15, 08\.12\.2026 a las 10:15 y 15\.12\.2026 a las 10:15 a tiempo\./,
    );
    expect(refundMessage("en", { ...refund, date: null, time: null, cause: "amount-differs" }).body).toMatch(
      /^The payment was for another amount/,
    );
  });

  it("says on a cancellation what is paid back, only when something was paid", () => {
    expect(cancellationMessage("en", "Demo Salon", "01.12.2026", "9:00 AM", "$50").body).toBe(
      "Your appointment at Demo Salon on 01.12.2026 at 9:00 AM has been cancelled.\nThe $50 you paid online will be refunded in full.",
    );
    expect(cancellationMessage("es", "Demo Spa", "01.12.2026", "9:00 AM").body).toBe(
      "Tu cita en Demo Spa el 01.12.2026 a las 9:00 AM ha sido cancelada.",
    );
  });
});
