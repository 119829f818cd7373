import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_PROVIDERS_FILE } from "./demo-providers-file.ts";
import { parseFixture } from "./fixture.ts";

const demoProviders = JSON.parse(readFileSync(DEMO_PROVIDERS_FILE, "utf8")) as unknown;

describe("seed fixture validation", () => {
  it("accepts the demo providers file", () => {
    const parsed = parseFixture(demoProviders);
    expect(parsed.companies[0]?.providers.map((p) => p.bookingLink)).toEqual(["demo-salon", "demo-clinic", "demo-frisor", "demo-spa"]);
  });

  it("names the bad field of a broken fixture", () => {
    const broken = structuredClone(demoProviders) as { companies: { providers: { timeZone?: string }[] }[] };
    broken.companies[0]!.providers[1]!.timeZone = "Mars/Olympus";
    expect(() => parseFixture(broken)).toThrow(/companies\.0\.providers\.1\.timeZone: must be an IANA time zone/);
  });

  it("refuses a booking link the site uses for itself, and a reminder set outside 1 to 168 hours", () => {
    for (const link of ["metrics", "api", "healthz"]) {
      const broken = structuredClone(demoProviders) as { companies: { providers: { bookingLink: string }[] }[] };
      broken.companies[0]!.providers[0]!.bookingLink = link;
      expect(() => parseFixture(broken)).toThrow(/companies\.0\.providers\.0\.bookingLink: must not be one of the site's own addresses/);
    }
    for (const hours of [0, 169, 2.5]) {
      const broken = structuredClone(demoProviders) as { companies: { providers: { reminderHoursBefore?: number }[] }[] };
      broken.companies[0]!.providers[0]!.reminderHoursBefore = hours;
      expect(() => parseFixture(broken)).toThrow(/companies\.0\.providers\.0\.reminderHoursBefore/);
    }
  });

  it("rejects a service longer than 720 minutes", () => {
    const broken = structuredClone(demoProviders) as {
      companies: { providers: { categories: { services: { durationInMinutes: number }[] }[] }[] }[];
    };
    broken.companies[0]!.providers[0]!.categories[0]!.services[0]!.durationInMinutes = 721;
    expect(() => parseFixture(broken)).toThrow(/categories\.0\.services\.0\.durationInMinutes/);
  });

  describe("scheduling rules (issue 42)", () => {
    type Page = {
      maxDaysInAdvanceForBooking?: number;
      minimumNoticeMinutes?: unknown;
      categories: { services: Record<string, unknown>[] }[];
      staff: Record<string, unknown>[];
    };
    const withPage = (change: (page: Page) => void) => {
      const file = structuredClone(demoProviders) as { companies: { providers: Page[] }[] };
      change(file.companies[0]!.providers[0]!);
      return file;
    };

    it("accepts buffers, notice, breaks and pauses", () => {
      const file = withPage((page) => {
        page.minimumNoticeMinutes = 120;
        Object.assign(page.categories[0]!.services[0]!, { bufferBeforeMinutes: 10, bufferAfterMinutes: 15, minimumNoticeMinutes: 0 });
        Object.assign(page.staff[0]!, {
          breaks: [{ dayOfWeek: 1, start: "12:00", end: "12:30" }],
          pauses: [{ date: "today+3", start: "13:00", end: "17:00" }],
        });
      });
      const page = parseFixture(file).companies[0]!.providers[0]!;
      expect(page.minimumNoticeMinutes).toBe(120);
      expect(page.categories[0]!.services[0]).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15, minimumNoticeMinutes: 0 });
      expect(page.staff[0]!.breaks).toEqual([{ dayOfWeek: 1, start: "12:00", end: "12:30" }]);
    });

    it.each([
      [
        (p: Page) => Object.assign(p.categories[0]!.services[0]!, { bufferAfterMinutes: 241 }),
        /services\.0\.bufferAfterMinutes: must be 0 to 240/,
      ],
      [
        (p: Page) => Object.assign(p.categories[0]!.services[0]!, { bufferBeforeMinutes: -5 }),
        /services\.0\.bufferBeforeMinutes: must be 0 to 240/,
      ],
      [
        (p: Page) => Object.assign(p.categories[0]!.services[0]!, { bufferBeforeMinutes: 7.5 }),
        /bufferBeforeMinutes: must be whole minutes/,
      ],
      [(p: Page) => Object.assign(p, { minimumNoticeMinutes: "2h" }), /providers\.0\.minimumNoticeMinutes/],
      [
        (p: Page) => Object.assign(p.staff[0]!, { breaks: [{ dayOfWeek: 7, start: "12:00", end: "12:30" }] }),
        /staff\.0\.breaks\.0\.dayOfWeek: must be 0 to 6/,
      ],
      [
        (p: Page) => Object.assign(p.staff[0]!, { breaks: [{ dayOfWeek: 1, start: "12:30", end: "12:00" }] }),
        /staff\.0\.breaks\.0\.end: must be after start/,
      ],
      [
        (p: Page) => Object.assign(p.staff[0]!, { breaks: [{ dayOfWeek: 1, start: "12:00", end: "12:30", day: 2 }] }),
        /staff\.0\.breaks\.0\.day/,
      ],
      [
        (p: Page) => Object.assign(p.staff[0]!, { pauses: [{ date: "24.12.2026", start: "13:00", end: "17:00" }] }),
        /staff\.0\.pauses\.0\.date: must be/,
      ],
      [
        (p: Page) => Object.assign(p.staff[0]!, { pauses: [{ date: "2026-12-24", start: "13:00", end: "25:00" }] }),
        /staff\.0\.pauses\.0\.end: must be HH:mm/,
      ],
      [(p: Page) => Object.assign(p.categories[0]!.services[0]!, { capacity: 0 }), /services\.0\.capacity: must be 1 to 100/],
      [(p: Page) => Object.assign(p.categories[0]!.services[0]!, { capacity: 101 }), /services\.0\.capacity: must be 1 to 100/],
      [(p: Page) => Object.assign(p.categories[0]!.services[0]!, { capacity: 8 }), /services\.0\.extras: a group service/],
    ])("refuses a bad value with its field named (%#)", (change, problem) => {
      expect(() => parseFixture(withPage(change))).toThrow(problem);
    });

    it("refuses a notice longer than the booking window, at the page's field or the service's", () => {
      const page = withPage((p) => {
        p.maxDaysInAdvanceForBooking = 7;
        p.minimumNoticeMinutes = 7 * 24 * 60 + 1;
      });
      expect(() => parseFixture(page)).toThrow(
        /providers\.0\.minimumNoticeMinutes: is longer than the booking window \(maxDaysInAdvanceForBooking: 7 days/,
      );
      const service = withPage((p) => {
        p.maxDaysInAdvanceForBooking = 7;
        Object.assign(p.categories[0]!.services[1]!, { minimumNoticeMinutes: 8 * 24 * 60 });
      });
      expect(() => parseFixture(service)).toThrow(
        /providers\.0\.categories\.0\.services\.1\.minimumNoticeMinutes: is longer than the booking window/,
      );
      // The whole window is allowed: the last day can still be booked.
      expect(() =>
        parseFixture(withPage((p) => Object.assign(p, { maxDaysInAdvanceForBooking: 7, minimumNoticeMinutes: 7 * 24 * 60 }))),
      ).not.toThrow();
    });
  });

  describe("where a page's money goes (issue 45)", () => {
    const withAccounts = (accounts: Record<string, unknown>) => {
      const file = structuredClone(demoProviders) as { companies: { providers: Record<string, unknown>[] }[] };
      Object.assign(file.companies[0]!.providers[0]!, accounts);
      return file;
    };

    it("takes a Stripe connected account, a Vipps MobilePay merchant serial number and the platform's fee", () => {
      const page = parseFixture(
        withAccounts({ stripeAccount: "acct_1PageOwn", vippsMerchantSerialNumber: "654321", platformFeePercent: 2.5 }),
      ).companies[0]!.providers[0]!;
      expect(page).toMatchObject({ stripeAccount: "acct_1PageOwn", vippsMerchantSerialNumber: "654321", platformFeePercent: 2.5 });
    });

    it.each([
      [{ stripeAccount: "sk_live_123" }, /providers\.0\.stripeAccount: must be a Stripe account id, acct_…/],
      [{ vippsMerchantSerialNumber: "12a" }, /providers\.0\.vippsMerchantSerialNumber: must be a merchant serial number of 4 to 7 digits/],
      [{ platformFeePercent: 101 }, /providers\.0\.platformFeePercent/],
      [{ platformFeePercent: 2.555 }, /providers\.0\.platformFeePercent: must have two decimals at most/],
    ])("refuses a bad account or fee with its field named (%#)", (accounts, problem) => {
      expect(() => parseFixture(withAccounts(accounts))).toThrow(problem);
    });
  });

  describe("the waitlist (issue 46)", () => {
    const withWaitlist = (waitlist: unknown) => {
      const file = structuredClone(demoProviders) as { companies: { providers: Record<string, unknown>[] }[] };
      Object.assign(file.companies[0]!.providers[0]!, { waitlist });
      return file;
    };

    it("is switched on with an offer's minutes (15 unless set) and a mode (first in line unless set)", () => {
      expect(parseFixture(withWaitlist({ enabled: true })).companies[0]!.providers[0]!.waitlist).toEqual({
        enabled: true,
        offerMinutes: 15,
        mode: "first-in-line",
      });
      expect(
        parseFixture(withWaitlist({ enabled: true, offerMinutes: 30, mode: "notify-all" })).companies[0]!.providers[0]!.waitlist,
      ).toEqual({
        enabled: true,
        offerMinutes: 30,
        mode: "notify-all",
      });
    });

    it.each([
      [{ enabled: true, offerMinutes: 3 }, /waitlist\.offerMinutes: must be 5 to 120/],
      [{ enabled: true, offerMinutes: 7.5 }, /waitlist\.offerMinutes: must be whole minutes/],
      [{ enabled: true, mode: "random" }, /waitlist\.mode: must be first-in-line or notify-all/],
      [{ offerMinutes: 15 }, /waitlist\.enabled/],
    ])("refuses a bad setting with its field named (%#)", (waitlist, problem) => {
      expect(() => parseFixture(withWaitlist(waitlist))).toThrow(problem);
    });
  });
});
