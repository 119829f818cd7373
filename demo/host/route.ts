/** What the standalone host page shows for a path (spec §2 "Routes"). */
export type HostRoute =
  | { view: "booking"; company: string; options: string | undefined }
  | { view: "my-page"; company: string }
  /** A waitlist offer's link (issue 46): ?tilbud={secret}. */
  | { view: "waitlist-offer"; company: string }
  | { view: "chooser"; company: string }
  /** The embed builder for a booking page (demo/host/embed-builder/). */
  | { view: "embed"; company: string }
  | { view: "payment-success" }
  | { view: "payment-failure" }
  | { view: "home" };

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export function parseHostRoute(pathname: string): HostRoute {
  const parts = pathname
    .split("/")
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
  const [first, second, ...rest] = parts;
  if (!first) return { view: "home" };
  if (first === "payment" && rest.length === 0 && (second === "success" || second === "failure")) {
    return { view: second === "success" ? "payment-success" : "payment-failure" };
  }
  if (first === "velg" && second && rest.length === 0) return { view: "chooser", company: second };
  if (second === "min-side" && rest.length === 0) return { view: "my-page", company: first };
  if (second === "venteliste" && rest.length === 0) return { view: "waitlist-offer", company: first };
  if (second === "embed" && rest.length === 0) return { view: "embed", company: first };
  // /{company} or /{company}/{options}; "iframe" is the option that hides the footer.
  if (rest.length === 0) return { view: "booking", company: first, options: second };
  return { view: "booking", company: first, options: undefined };
}

/** Whether a path segment can be a booking link or company at all. */
export function isPlausibleName(name: string): boolean {
  return SEGMENT.test(name);
}

/**
 * The one spelling of a route's path. The server answers any other spelling of a page
 * (escaped letters such as `min%2Dside`, doubled or trailing slashes, extra segments)
 * with a redirect to this one, so that what a path is (My Page, never framed) never
 * depends on how it is written.
 */
export function canonicalPath(route: HostRoute): string {
  const segment = (text: string) => encodeURIComponent(text);
  switch (route.view) {
    case "home":
      return "/";
    case "payment-success":
      return "/payment/success";
    case "payment-failure":
      return "/payment/failure";
    case "chooser":
      return `/velg/${segment(route.company)}`;
    case "my-page":
      return `/${segment(route.company)}/min-side`;
    case "waitlist-offer":
      return `/${segment(route.company)}/venteliste`;
    case "embed":
      return `/${segment(route.company)}/embed`;
    case "booking":
      return `/${segment(route.company)}${route.options === undefined ? "" : `/${segment(route.options)}`}`;
  }
}
