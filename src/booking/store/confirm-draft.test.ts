import { describe, expect, it } from "vitest";
import { offeredChannels, tickedChannels, toggleChannel } from "./confirm-draft.ts";

describe("notification channels", () => {
  it("offers the provider's channels the customer can be reached on", () => {
    const both = { emailAddress: "a@b.no", phoneNumber: "41234567" };
    expect(offeredChannels(["email", "sms", "whatsapp"], both)).toEqual(["email", "sms", "whatsapp"]);
    expect(offeredChannels(["sms"], both)).toEqual(["sms"]);
    expect(offeredChannels(["email", "sms"], { emailAddress: "", phoneNumber: "41234567" })).toEqual(["sms"]);
    expect(offeredChannels(["email", "whatsapp"], { emailAddress: "a@b.no", phoneNumber: " " })).toEqual(["email"]);
    expect(offeredChannels([], both)).toEqual([]);
  });

  it("ticks every offered channel until the customer changes one", () => {
    expect(tickedChannels(null, ["email", "sms"])).toEqual(["email", "sms"]);
    expect(tickedChannels(["sms"], ["email", "sms"])).toEqual(["sms"]);
    expect(tickedChannels(["whatsapp", "email"], ["email"])).toEqual(["email"]);
  });

  it("toggles a channel", () => {
    expect(toggleChannel(["email", "sms"], "email")).toEqual(["sms"]);
    expect(toggleChannel(["sms"], "email")).toEqual(["sms", "email"]);
  });
});
