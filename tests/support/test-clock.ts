import { parseInstant } from "../../demo/api/clock.ts";

/**
 * The instant every test runs at: the reference API's clock (in-process and the browser
 * tests' server), the widget's Date in component tests (fake Date) and in Chromium
 * (Playwright's clock). `TEST_NOW=2026-03-08T07:30:00Z npm test` runs the whole suite
 * at another instant; expectations are computed from it, so they hold at any instant.
 *
 * The default is a Wednesday morning in the Americas and afternoon in Oslo: every demo
 * page is open, so "the first free time" is later today, the case that used to fail.
 */
export const DEFAULT_TEST_NOW = "2026-11-18T15:10:00Z";

export const TEST_NOW: Date = parseInstant(process.env.TEST_NOW || DEFAULT_TEST_NOW, "TEST_NOW");
