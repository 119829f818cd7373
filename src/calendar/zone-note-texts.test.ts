import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { zoneNoteTexts } from "./zone-note-texts.ts";

const i18n = setupI18n({ locale: "en", messages: { en: {} } });
const winter = new Date("2026-12-03T12:00:00Z");

describe("the zone note and its toggle", () => {
  it("with the provider's time first: says whose the times are, and offers the visitor's", () => {
    expect(zoneNoteTexts(i18n, "Europe/Oslo", "America/New_York", "provider", winter)).toEqual({
      note: "Times are shown in the local time of Oslo (GMT+1).",
      toggle: "Show my time first",
    });
  });

  it("with the visitor's time first: says theirs is first, and the toggle names the provider's place", () => {
    expect(zoneNoteTexts(i18n, "Europe/Oslo", "America/New_York", "visitor", winter)).toEqual({
      note: "Times are shown in your own time (GMT-5) first, with the local time of Oslo (GMT+1) beside each.",
      toggle: "Show Oslo time first",
    });
  });
});
