import { describe, expect, it } from "vitest";
import { chatLink } from "./chat-link.ts";

describe("chat link", () => {
  it("opens a chat with the provider's international number and the text written in", () => {
    const link = chatLink({ phoneNumber: "(212) 555-0100", defaultPhoneNumberCountryCode: 1 }, "Bridal styling, 01.12.2026 9:00 AM");
    expect(link).toBe("https://wa.me/12125550100?text=Bridal%20styling%2C%2001.12.2026%209%3A00%20AM");
  });

  it("keeps a number already written with its country code", () => {
    expect(chatLink({ phoneNumber: "+47 22 33 44 55", defaultPhoneNumberCountryCode: 47 }, "x")).toBe("https://wa.me/4722334455?text=x");
  });

  it("has no link without a phone number", () => {
    expect(chatLink({ phoneNumber: "", defaultPhoneNumberCountryCode: 1 }, "x")).toBeNull();
  });
});
