import { describe, expect, it } from "vitest";
import { paymentFailedMessage } from "./message-texts.ts";

// Issue 57 point 7: a payment that fails after its visitor left tells them.

const details = {
  company: "Demo Frisør",
  services: ["Farge", "Vask"],
  date: "03.12.2026",
  time: "14:30",
  series: [],
  bookUrl: "https://booking.example.com/demo-frisor",
};

describe("the message of a payment that failed after its visitor left", () => {
  it("says in the page's language that the payment failed, the time is gone, nothing was charged, and where to book again", () => {
    const no = paymentFailedMessage("no", details);
    expect(no).toEqual({
      subject: "Demo Frisør: betalingen feilet, timen er avbestilt",
      body: [
        "Betalingen for bestillingen hos Demo Frisør gikk ikke gjennom, så timen er ikke lenger din: Farge, Vask 03.12.2026 kl. 14:30.",
        "Ingenting ble trukket.",
        "Bestill på nytt her: https://booking.example.com/demo-frisor",
      ].join("\n"),
      language: "no",
    });
    expect(paymentFailedMessage("en", details).body).toContain("so the time is no longer yours: Farge, Vask on 03.12.2026 at 14:30.");
    expect(paymentFailedMessage("es", details).body).toContain("así que la hora ya no es tuya: Farge, Vask el 03.12.2026 a las 14:30.");
    expect(paymentFailedMessage("de", details).language).toBe("no");
  });

  it("names a series' other times, released with it", () => {
    const series = [
      { date: "17.12.2026", time: "14:30" },
      { date: "31.12.2026", time: "14:30" },
    ];
    expect(paymentFailedMessage("en", { ...details, series }).body.split("\n")[1]).toBe(
      "The rest of the series is cancelled too: 17.12.2026 14:30, 31.12.2026 14:30.",
    );
  });
});
