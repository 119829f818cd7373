import { REFUSALS } from "../../contract/refusals.ts";
import { readsOnly } from "../../contract/read-routes.ts";
import { routes } from "../../contract/routes.ts";
import { fromZoned, isoDateOf, pad2 } from "../../contract/zoned-time.ts";
import { randomHex } from "../random-hex.ts";
import { now } from "../../time/now.ts";

/**
 * How a preview (preview-fetch.ts) answers a call that is not a plain GET: the calls
 * that only read public data by POST (the hours, the month, the first day, the staff
 * list) go to the API; every other call is answered here, shaped as the API answers it,
 * and never leaves the page. As the API does, a page that verifies its customers asks for
 * a code before the booking (any code is right); a phone is a new customer's; a hold lasts
 * ten minutes; a booking is "confirmed" (no payment starts).
 */
export async function answerInPreview(input: RequestInfo | URL, init: RequestInit | undefined, real: typeof fetch): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), globalThis.location?.href);
  const path = url.pathname;
  // My Page for the preview's own account: it has no appointments.
  const ownMyPage = /\/Customer\/FetchByToken\/preview\/\d+\/([^/]*)$/.exec(path);
  if (ownMyPage) return Response.json({ customer: previewAccount({ phoneNumber: decodeURIComponent(ownMyPage[1]!) }), appointments: [] });
  const endsWith = (suffix: string) => path.toLowerCase().endsWith(`/${suffix.toLowerCase()}`);
  const route = ANSWERED.find(([suffix]) => endsWith(suffix));
  // The POSTs that only read (contract/read-routes.ts) go to the API.
  if (!route && readsOnly("POST", path)) return real(input, init);
  // The API's base: the address before the route's own path.
  const base = route ? url.href.slice(0, url.href.toLowerCase().lastIndexOf(`/${route[0].toLowerCase()}`) + 1) : "";
  const context: PreviewContext = {
    method: (init?.method ?? "POST").toUpperCase(),
    body: parseBody(init?.body),
    query: url.searchParams,
    providerOf: (userId) => providerFacts(real, base, userId),
  };
  // A call this list does not know is a write too: acknowledged, never sent.
  const answer = route ? await route[1](context) : {};
  if (answer instanceof Refused) return Response.json(answer.body, { status: answer.status });
  return typeof answer === "string"
    ? new Response(answer, { headers: { "content-type": "text/plain; charset=utf-8" } })
    : Response.json(answer);
}

type Body = Record<string, unknown>;
interface PreviewContext {
  method: string;
  body: Body;
  query: URLSearchParams;
  providerOf(userId: number): Promise<ProviderFacts>;
}

/** What a preview needs of the provider: its time zone, and whether it books only verified customers. */
interface ProviderFacts {
  timeZone: string;
  verifies: boolean;
}

/** An answer the API would refuse with. */
class Refused {
  constructor(
    readonly status: number,
    readonly body: { message: string; code: string },
  ) {}
}

/** The token of a preview's verified account: a booking that carries it needs no code. */
const PREVIEW_TOKEN = "preview";

const HOLD_SECONDS = 600;

/** The calls answered in the page, by the end of their path (the longest ends first). */
type Answer = Body | unknown[] | string | Refused;
const ANSWERED: [suffix: string, answer: (context: PreviewContext) => Promise<Answer> | Answer][] = [
  [routes.releaseHold(), () => ({ released: true })],
  [
    routes.hold(),
    async ({ body, providerOf }) => {
      const start = await startOf(body, (await providerOf(Number(body.userId))).timeZone);
      return {
        holdToken: randomHex(24),
        start,
        end: start,
        expiresAt: new Date(now().getTime() + HOLD_SECONDS * 1000).toISOString(),
        secondsLeft: HOLD_SECONDS,
      };
    },
  ],
  [routes.verificationCode(), () => ({})],
  [routes.verificationCode().replace(/\/$/, ""), () => ({})],
  [routes.verify(), ({ body }) => previewAccount(body)],
  [routes.accountByPhoneAndPassword(), ({ body }) => previewAccount(body)],
  [routes.accountByPhone(), () => "New"],
  [routes.resetPasswordByCode(), () => ({})],
  [routes.resetPassword(), () => ({})],
  [routes.customerAppointments(), () => []],
  [routes.changeAppointment(), () => ({})],
  [routes.cancelByCustomer(), () => ({})],
  // A new profile is not verified yet (a code proves its phone first); an edited one is.
  [routes.customerAccount(), ({ body, method }) => previewAccount(body, method !== "POST")],
  [routes.paymentInitiate(), () => ({})],
  [
    routes.book(),
    async ({ body, query, providerOf }) => {
      const provider = await providerOf(Number(query.get("userId") ?? body.userId));
      if (provider.verifies && body.customerAccountIdentificationCode !== PREVIEW_TOKEN) {
        return new Refused(REFUSALS["verification-required"].status, {
          message: REFUSALS["verification-required"].message,
          code: "verification-required",
        });
      }
      const start = await startOf(body, provider.timeZone);
      return { id: previewIds++, start, end: start, status: "confirmed" };
    },
  ],
];

let previewIds = 900_000_001;

/** The provider's facts (a read of User/{id}), asked once per provider and API. */
const providerCache = new Map<string, Promise<ProviderFacts>>();
function providerFacts(real: typeof fetch, base: string, userId: number): Promise<ProviderFacts> {
  const address = `${base}${routes.providerById(userId)}`;
  let facts = providerCache.get(address);
  if (!facts) {
    facts = real(address)
      .then((response) => response.json())
      .then((provider: { timeZone?: unknown; verificationType?: unknown; useCustomerAccounts?: unknown }) => ({
        timeZone: typeof provider.timeZone === "string" ? provider.timeZone : "UTC",
        verifies:
          provider.useCustomerAccounts === true || (typeof provider.verificationType === "number" && provider.verificationType !== 0),
      }))
      .catch(() => ({ timeZone: "UTC", verifies: false }));
    providerCache.set(address, facts);
  }
  return facts;
}

/** The chosen time as the API would answer it: the provider's wall clock, as an instant. */
function startOf(body: Body, timeZone: string): string {
  const [year, month, day, hour, minute] = ["year", "month", "day", "hour", "minute"].map((key) => Number(body[key]));
  const date = isoDateOf(year!, month!, day!);
  if (!date || !Number.isInteger(hour) || !Number.isInteger(minute)) return now().toISOString();
  try {
    return fromZoned(date, `${pad2(hour!)}:${pad2(minute!)}`, timeZone).toISOString();
  } catch {
    return now().toISOString();
  }
}

/** An account made of what the visitor typed (a preview keeps nothing); verified unless said. */
function previewAccount(body: Body, verified = true) {
  const profile = (body.profile ?? body) as Body;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    firstName: text(profile.firstName) || "Preview",
    lastName: text(profile.lastName),
    emailAddress: text(profile.emailAddress ?? body.emailAddress),
    address: text(profile.address),
    postalCode: text(profile.postalCode),
    city: text(profile.city),
    phoneNumber: text(body.phoneNumber ?? profile.phoneNumber),
    phoneNumberCountryCode: typeof body.phoneNumberCountryCode === "number" ? body.phoneNumberCountryCode : null,
    ssn: text(profile.ssn),
    dateOfBirth: typeof profile.dateOfBirth === "string" ? profile.dateOfBirth : null,
    gender: profile.gender === "Mann" || profile.gender === "Kvinne" ? profile.gender : null,
    verified,
    customerAccountIdentificationCode: PREVIEW_TOKEN,
  };
}

function parseBody(body: BodyInit | null | undefined): Body {
  if (typeof body !== "string") return {};
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Body) : {};
  } catch {
    return {};
  }
}
