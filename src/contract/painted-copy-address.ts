/** The attributes the first screen's look depends on, passed to the painter. */
const PAINTED_ATTRIBUTES = ["lang", "options", "navigation"];

/** Where the page's data lives: under `api-base` (resolved against the page), else beside the script; null for no web address. */
function paintServer(apiBase: string | undefined, scriptUrl: string, pageUrl: string): URL | null {
  try {
    const base = new URL(apiBase ? apiBase.replace(/\/*$/, "/") : scriptUrl, pageUrl);
    return /^https?:$/.test(base.protocol) ? base : null;
  } catch {
    return null;
  }
}

/**
 * Where the painted first screen of an element with these attributes is asked for (the
 * loader, src/element/paint-first-screen.ts; the snippet's preload, which must name the
 * very same address to be used), or null when the loader leaves it to the widget: not the
 * booking view's service list (My Page, the chooser, a pre-selected service or staff
 * member), or an `api-base` that is no web address (the widget says so itself). It is
 * asked where the page's data lives: beside the script (`…/widget/first-screen/…`), or
 * under the element's `api-base` (`{api-base}/first-screen/…`).
 */
export function paintedCopyAddress(attribute: (name: string) => string | null, scriptUrl: string, pageUrl: string): URL | null {
  const company = attribute("company")?.trim();
  const view = attribute("view");
  if (!company || (view && view !== "booking") || attribute("service") !== null || attribute("staff") !== null) return null;
  const server = paintServer(attribute("api-base")?.trim(), scriptUrl, pageUrl);
  if (!server) return null;
  const address = new URL(`first-screen/${encodeURIComponent(company)}`, server);
  for (const name of PAINTED_ATTRIBUTES) {
    const value = attribute(name);
    if (value) address.searchParams.set(name, value);
  }
  return address;
}
