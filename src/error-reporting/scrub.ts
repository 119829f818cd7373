import type { Breadcrumb, ErrorEvent, Event } from "@sentry/browser";

/**
 * What leaves the browser in an error report carries nothing personal (docs/embedding.md "Error
 * reporting"): e-mail addresses, phone numbers, codes, tokens and the visitor's own
 * details are replaced, addresses lose their query and fragment (My Page's ?p=…&c=…).
 */
const EMAIL = /[^\s@"'<>()[\]{},;:]+@[^\s@"'<>()[\]{},;:]+\.[a-z]{2,}/gi;
// +47 412 34 567, 41234567, (212) 555-0123: seven or more digits with the usual separators.
const PHONE = /\+?\(?\d(?:[\s().-]*\d){6,}/g;
// Verification and My Page codes: three to six digits on their own.
const CODE = /\b\d{3,6}\b/g;
// Tokens and secrets: long runs of letters, digits and -_ with at least one digit.
const TOKEN = /\b(?=[\w-]*\d)[\w-]{20,}\b/g;

export const REDACTED = "[redacted]";

/** `text` with the visitor's own values (`known`) and anything shaped like personal data replaced. */
export function scrubText(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const value of known) {
    if (value.trim().length >= 2) out = out.split(value.trim()).join(REDACTED);
  }
  return out.replace(EMAIL, REDACTED).replace(TOKEN, REDACTED).replace(PHONE, REDACTED).replace(CODE, REDACTED);
}

/** An address without its query, fragment and user info: the path names the page, nothing more. */
export function scrubUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${scrubText(parsed.pathname)}`;
  } catch {
    return scrubText(url.replace(/[?#].*$/, ""));
  }
}

function scrubValue(value: unknown, known: readonly string[], depth = 0): unknown {
  if (typeof value === "string") return /^https?:\/\//.test(value) ? scrubUrl(value) : scrubText(value, known);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, known, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubValue(item, known, depth + 1)]));
}

/**
 * A replay recording event with every address in it (the page's href, navigation and
 * resource timings) cut to its path; its other strings (the masked page) stay as they are.
 */
export function scrubRecordingUrls<T>(value: T, depth = 0): T {
  if (typeof value === "string") return (/^https?:\/\//.test(value) ? scrubUrl(value) : value) as T;
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubRecordingUrls(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubRecordingUrls(item, depth + 1)])) as T;
}

// An address with a query or fragment, inside text (a recording's JSON, a message).
const URL_WITH_QUERY = /(https?:\/\/[^\s"'?#\\]*)[?#][^\s"'\\]*/g;

/**
 * The last pass over everything sent (error, replay event, recording): every address
 * loses its query and fragment, wherever it is, including the replay's page snapshot.
 */
export function scrubEnvelopeUrls<T>(envelope: T): T {
  const [headers, items] = envelope as [unknown, [unknown, unknown][]];
  const clean = items.map(([header, payload]) => [
    header,
    typeof payload === "string" ? payload.replace(URL_WITH_QUERY, "$1") : scrubRecordingUrls(payload),
  ]);
  return [headers, clean] as T;
}

/** An error event as it may be sent: message, exception values, breadcrumbs, request, tags and extra scrubbed; no user. */
export function scrubEvent<E extends Event | ErrorEvent>(event: E, known: readonly string[] = []): E {
  const scrubbed: E = { ...event };
  delete scrubbed.user;
  if (scrubbed.message) scrubbed.message = scrubText(scrubbed.message, known);
  if (scrubbed.exception?.values) {
    scrubbed.exception = {
      ...scrubbed.exception,
      values: scrubbed.exception.values.map((exception) => ({
        ...exception,
        ...(exception.value ? { value: scrubText(exception.value, known) } : {}),
      })),
    };
  }
  if (scrubbed.breadcrumbs) scrubbed.breadcrumbs = scrubbed.breadcrumbs.map((crumb) => scrubBreadcrumb(crumb, known));
  if (scrubbed.request) {
    const { url, headers } = scrubbed.request;
    scrubbed.request = {
      ...(url ? { url: scrubUrl(url) } : {}),
      ...(headers?.["User-Agent"] ? { headers: { "User-Agent": headers["User-Agent"] } } : {}),
    };
  }
  // A replay's event lists the addresses the session saw.
  const withUrls = scrubbed as E & { urls?: unknown };
  if (Array.isArray(withUrls.urls)) withUrls.urls = withUrls.urls.map((url) => (typeof url === "string" ? scrubUrl(url) : url));
  if (scrubbed.extra) scrubbed.extra = scrubValue(scrubbed.extra, known) as E["extra"];
  if (scrubbed.tags) scrubbed.tags = scrubValue(scrubbed.tags, known) as E["tags"];
  if (scrubbed.contexts) scrubbed.contexts = scrubValue(scrubbed.contexts, known) as E["contexts"];
  return scrubbed;
}

/** A breadcrumb with its message and data scrubbed (a URL keeps its path only). */
export function scrubBreadcrumb(crumb: Breadcrumb, known: readonly string[] = []): Breadcrumb {
  return {
    ...crumb,
    ...(crumb.message ? { message: scrubText(crumb.message, known) } : {}),
    ...(crumb.data ? { data: scrubValue(crumb.data, known) as Breadcrumb["data"] } : {}),
  };
}
