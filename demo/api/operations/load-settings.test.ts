import { describe, expect, it } from "vitest";
import { DEFAULT_LOAD_SETTINGS, loadSettingsFrom } from "./load-settings.ts";

describe("loadSettingsFrom: the operator's load settings", () => {
  it("takes the defaults where nothing is set, and each setting given", () => {
    expect(loadSettingsFrom({})).toEqual(DEFAULT_LOAD_SETTINGS);
    expect(
      loadSettingsFrom({
        MAX_REQUESTS_IN_FLIGHT: "8",
        MAX_REQUESTS_QUEUED: "0",
        MAX_QUEUE_WAIT_MS: "250",
        OVERLOADED_RETRY_AFTER_SECONDS: "3",
      }),
    ).toEqual({
      maxInFlight: 8,
      maxQueued: 0,
      maxQueueWaitMs: 250,
      retryAfterSeconds: 3,
    });
  });

  it("stops the start on a setting that is not a whole number at least its minimum, naming it", () => {
    expect(() => loadSettingsFrom({ MAX_REQUESTS_IN_FLIGHT: "0" })).toThrow(
      'MAX_REQUESTS_IN_FLIGHT must be a whole number, 1 or more (not "0")',
    );
    expect(() => loadSettingsFrom({ MAX_REQUESTS_QUEUED: "-1" })).toThrow("MAX_REQUESTS_QUEUED must be a whole number, 0 or more");
    expect(() => loadSettingsFrom({ MAX_QUEUE_WAIT_MS: "1.5" })).toThrow("MAX_QUEUE_WAIT_MS");
    expect(() => loadSettingsFrom({ OVERLOADED_RETRY_AFTER_SECONDS: "soon" })).toThrow("OVERLOADED_RETRY_AFTER_SECONDS");
  });
});
