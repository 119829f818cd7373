import { describe, expect, it } from "vitest";
import { DIALOG_TYPES, DialogType, ONLINE_PROVIDERS, OnlineProvider, VERIFICATION_TYPES, VerificationType } from "./enumerations.ts";

describe("the numbered enumerations of spec §3", () => {
  it("name each API value as the value lists do (the index is the value)", () => {
    for (const [list, named] of [
      [VERIFICATION_TYPES, VerificationType],
      [ONLINE_PROVIDERS, OnlineProvider],
      [DIALOG_TYPES, DialogType],
    ] as const) {
      list.forEach((name, value) => {
        expect((named as unknown as Record<string, number>)[name]).toBe(value);
      });
    }
  });

  it("hold the spec's numbers", () => {
    expect([VerificationType.Email, VerificationType.Phone]).toEqual([1, 2]);
    expect([OnlineProvider.None, OnlineProvider.PayU, OnlineProvider.Card, OnlineProvider.Vipps]).toEqual([0, 1, 2, 3]);
    expect([DialogType.Message, DialogType.Choice, DialogType.YesNo]).toEqual([0, 1, 2]);
  });
});
