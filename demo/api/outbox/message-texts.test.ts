import { describe, expect, it } from "vitest";
import { receiptMessage, verificationCodeMessage } from "./message-texts.ts";

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
});
