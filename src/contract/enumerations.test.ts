import { describe, expect, it } from "vitest";
import { DialogType, OnlineProvider, VerificationType } from "./enumerations.ts";

describe("the numbered enumerations of spec §3", () => {
  it("name each API value as the spec does", () => {
    expect([0, 1, 2].map((value) => VerificationType[value])).toEqual(["None", "Email", "Phone"]);
    expect([0, 1, 2, 3].map((value) => OnlineProvider[value])).toEqual(["None", "PayU", "Card", "Vipps"]);
    expect([0, 1, 2].map((value) => DialogType[value])).toEqual(["Message", "Choice", "YesNo"]);
  });

  it("hold the spec's numbers", () => {
    expect([VerificationType.Email, VerificationType.Phone]).toEqual([1, 2]);
    expect([OnlineProvider.None, OnlineProvider.PayU, OnlineProvider.Card, OnlineProvider.Vipps]).toEqual([0, 1, 2, 3]);
    expect([DialogType.Message, DialogType.Choice, DialogType.YesNo]).toEqual([0, 1, 2]);
  });
});
