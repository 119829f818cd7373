import * as v from "valibot";
import { OnlineProvider, VerificationType } from "booking-widget/contract";
import { OnlinePayment } from "./online-payment.ts";
import { BufferMinutes, Capacity, NoticeMinutes, Series, noticeWithinWindow, StaffBreak, StaffPause } from "./scheduling-rules.ts";

/**
 * The seed fixture format (default seed and SEED_FILE). Dates may be absolute
 * ("2026-12-24") or relative to the day of seeding in the provider's time zone
 * ("today", "today+13"), so that demo data stays meaningful whenever it is loaded.
 */
const Slug = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/, "must be lower-case letters, digits and dashes"));
const FixtureDate = v.pipe(v.string(), v.regex(/^(today([+-]\d+)?|\d{4}-\d{2}-\d{2})$/, 'must be "today", "today+N" or YYYY-MM-DD'));
const Time = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:mm"));
const Minutes = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(720));
const Money = v.pipe(v.number(), v.minValue(0));

const FixtureExtra = v.object({ title: v.pipe(v.string(), v.minLength(1)), price: Money, durationInMinutes: Minutes });

const FixtureService = v.pipe(
  v.object({
    title: v.pipe(v.string(), v.minLength(1)),
    description: v.optional(v.string(), ""),
    price: Money,
    discountPrice: v.optional(Money),
    disablePrice: v.optional(v.boolean(), false),
    durationInMinutes: Minutes,
    serviceDurationInMinutes: v.optional(Minutes),
    mustPayOnline: v.optional(v.boolean(), false),
    payOnlinePrice: v.optional(Money),
    unavailableForOnlineBooking: v.optional(v.boolean(), false),
    /** What this service pays online (online-payment.ts), instead of the page's onlinePayment. */
    onlinePayment: v.optional(OnlinePayment),
    /** Time the staff member is kept before and after the service (scheduling-rules.ts). */
    bufferBeforeMinutes: v.optional(BufferMinutes, 0),
    bufferAfterMinutes: v.optional(BufferMinutes, 0),
    /** This service's own minimum notice, instead of the page's. */
    minimumNoticeMinutes: v.optional(NoticeMinutes),
    /** Places at one time: above 1, a group service (a class), booked on its own. */
    capacity: v.optional(Capacity, 1),
    /** May be booked as a weekly series: { everyWeeks: [1, 2], maxOccurrences: 8 }. */
    series: v.optional(Series),
    extras: v.optional(v.array(FixtureExtra), []),
  }),
  v.forward(
    v.check(
      (service) => !service.onlinePayment || (!service.mustPayOnline && service.payOnlinePrice === undefined),
      "and mustPayOnline/payOnlinePrice say the same twice: keep one of them",
    ),
    ["onlinePayment"],
  ),
  v.forward(
    v.check(
      (service) => service.capacity === 1 || service.extras.length === 0,
      "a group service (capacity above 1) is booked on its own, without extras",
    ),
    ["extras"],
  ),
);

const FixtureVacation = v.object({ from: FixtureDate, to: FixtureDate });

const FixtureStaff = v.object({
  firstName: v.pipe(v.string(), v.minLength(1)),
  lastName: v.optional(v.string(), ""),
  profilePictureUrl: v.optional(v.string()),
  /** Offers every service of the provider. */
  allServices: v.optional(v.boolean(), false),
  /** Titles of categories whose every service this person offers. */
  categories: v.optional(v.array(v.string()), []),
  /** Titles of single services this person offers. */
  services: v.optional(v.array(v.string()), []),
  vacations: v.optional(v.array(FixtureVacation), []),
  /** Weekly breaks and one-off pauses (scheduling-rules.ts). */
  breaks: v.optional(v.array(StaffBreak), []),
  pauses: v.optional(v.array(StaffPause), []),
});

const FixtureCustomer = v.object({
  phoneNumber: v.pipe(v.string(), v.regex(/^\d{4,15}$/, "must be 4 to 15 digits")),
  phoneNumberCountryCode: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
  password: v.optional(v.pipe(v.string(), v.minLength(6, "must be longer than 5 characters"))),
  firstName: v.string(),
  lastName: v.optional(v.string(), ""),
  emailAddress: v.optional(v.string(), ""),
  verified: v.optional(v.boolean(), false),
});

const Channel = v.picklist(["email", "sms", "whatsapp"]);

/** The site's own first path segments (demo/server/site.ts, demo/host/route.ts): a booking page there could never be reached. */
export const RESERVED_BOOKING_LINKS = ["api", "widget", "assets", "healthz", "readyz", "metrics", "payment", "velg", "provider-site"];
const BookingLink = v.pipe(
  Slug,
  v.check(
    (link) => !RESERVED_BOOKING_LINKS.includes(link),
    `must not be one of the site's own addresses (${RESERVED_BOOKING_LINKS.join(", ")})`,
  ),
);

const FixtureProviderFields = v.object({
  bookingLink: BookingLink,
  companyName: v.pipe(v.string(), v.minLength(1)),
  phoneNumber: v.optional(v.string()),
  defaultPhoneNumberCountryCode: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999))),
  treatmentAdress: v.optional(v.string()),
  language: v.optional(v.picklist(["no", "en", "es"])),
  timeZone: v.optional(
    v.pipe(
      v.string(),
      v.check((zone) => isTimeZone(zone), "must be an IANA time zone"),
    ),
  ),
  timeFormat: v.optional(v.picklist(["12h", "24h"])),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "must be an ISO currency code"))),
  hoursToCancel: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  cancellationBoxText: v.optional(v.string()),
  /** What this page's services pay online, each unless it says otherwise (online-payment.ts). */
  onlinePayment: v.optional(OnlinePayment),
  informationBoxText: v.optional(v.string()),
  customerReceiptAndReminderMode: v.optional(v.array(Channel)),
  maxDaysInAdvanceForBooking: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(730))),
  appointmentDistributionInMinutes: v.optional(Minutes),
  verificationType: v.optional(v.enum(VerificationType)),
  onlineTransactionProvider: v.optional(v.enum(OnlineProvider)),
  useCustomerAccounts: v.optional(v.boolean()),
  multipleServices: v.optional(v.boolean()),
  showServicePrice: v.optional(v.boolean()),
  showInformationBox: v.optional(v.boolean()),
  customerCanSearchForAppointments: v.optional(v.boolean()),
  customerCanSelectStaff: v.optional(v.boolean()),
  sendAutomaticallyReminder: v.optional(v.boolean()),
  /** How many hours before the start the reminder goes (our setting, not the spec's; 24 by default, at most a week). */
  reminderHoursBefore: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(168))),
  sendAutomaticallyReceipt: v.optional(v.boolean()),
  activateEmailList: v.optional(v.boolean()),
  showOccupiedHoursForAnonymousBooking: v.optional(v.boolean()),
  customerRequiredName: v.optional(v.boolean()),
  customerRequiredPhoneNumber: v.optional(v.boolean()),
  customerRequiredPhoneNumberOptional: v.optional(v.boolean()),
  customerRequiredEmail: v.optional(v.boolean()),
  customerRequiredEmailOptional: v.optional(v.boolean()),
  customerRequiredAddress: v.optional(v.boolean()),
  customerRequiredCity: v.optional(v.boolean()),
  customerRequiredPostalCode: v.optional(v.boolean()),
  customerRequiredSSN: v.optional(v.boolean()),
  customerRequiredBirthdate: v.optional(v.boolean()),
  customerRequiredGender: v.optional(v.boolean()),
  /** Weekly opening hours; dayOfWeek 0 = Sunday. */
  openingHours: v.array(v.object({ dayOfWeek: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)), open: Time, close: Time })),
  vacations: v.optional(v.array(FixtureVacation), []),
  categories: v.array(v.object({ title: v.optional(v.string(), ""), services: v.array(FixtureService) })),
  staff: v.optional(v.array(FixtureStaff), []),
  customFields: v.optional(v.array(v.object({ label: v.pipe(v.string(), v.minLength(1)), optional: v.optional(v.boolean(), false) })), []),
  customers: v.optional(v.array(FixtureCustomer), []),
  /** Nothing starts sooner than this after the moment of booking (a service may set its own). */
  minimumNoticeMinutes: v.optional(NoticeMinutes),
  /** The page's own Stripe connected account (Stripe Connect): its card payments are made there; else the deployment's account. */
  stripeAccount: v.optional(v.pipe(v.string(), v.regex(/^acct_[0-9A-Za-z]{1,64}$/, "must be a Stripe account id, acct_…"))),
  /** The page's own Vipps MobilePay merchant serial number: its wallet payments are made there; else VIPPS_MSN. */
  vippsMerchantSerialNumber: v.optional(v.pipe(v.string(), v.regex(/^[0-9]{4,7}$/, "must be a merchant serial number of 4 to 7 digits"))),
  /** The waitlist (issue 46): off unless switched on; an offer lasts offerMinutes (5 to 120, 15 by default). */
  waitlist: v.optional(
    v.object({
      enabled: v.boolean(),
      offerMinutes: v.optional(
        v.pipe(v.number(), v.integer("must be whole minutes"), v.minValue(5, "must be 5 to 120"), v.maxValue(120, "must be 5 to 120")),
        15,
      ),
      mode: v.optional(v.picklist(["first-in-line", "notify-all"], "must be first-in-line or notify-all"), "first-in-line"),
    }),
  ),
  /** The platform's share of each Stripe payment made on the page's own account (application_fee_amount), in percent. */
  platformFeePercent: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0),
      v.maxValue(100),
      v.check((percent) => Math.round(percent * 100) === percent * 100, "must have two decimals at most"),
    ),
  ),
});
const FixtureProvider = v.pipe(FixtureProviderFields, noticeWithinWindow<v.InferOutput<typeof FixtureProviderFields>>());

export const Fixture = v.object({
  companies: v.array(v.object({ id: Slug, name: v.pipe(v.string(), v.minLength(1)), providers: v.array(FixtureProvider) })),
});

export type Fixture = v.InferInput<typeof Fixture>;
export type ParsedFixture = v.InferOutput<typeof Fixture>;
export type FixtureProvider = v.InferOutput<typeof FixtureProvider>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A bad field of a fixture: its path ("companies.0.providers.1.timeZone") and what is wrong. */
export class FixtureProblem extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`Invalid seed fixture at ${path}: ${problem}`);
  }
}

/** Every bad field of a fixture (none when it is valid). */
export function fixtureProblems(input: unknown): FixtureProblem[] {
  const result = v.safeParse(Fixture, input);
  if (result.success) return [];
  return result.issues.map((issue) => new FixtureProblem(issue.path?.map((p) => String(p.key)).join(".") || "(root)", issue.message));
}

/** Validates a fixture; the error (a FixtureProblem) names the first bad field by its path. */
export function parseFixture(input: unknown): ParsedFixture {
  const result = v.safeParse(Fixture, input);
  if (result.success) return result.output;
  throw fixtureProblems(input)[0]!;
}
