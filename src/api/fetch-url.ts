/**
 * The two URL helpers ofetch takes from `ufo` (`withBase`, `withQuery`), as small as the
 * widget's calls need them: the widget's build resolves `ufo` here (src/build/library-aliases.ts), so
 * the first screen does not carry ufo's general URL parser (~1.9 KB of it, ~0.6 KB
 * gzipped, in a budget of 100 KB). Each answers what ufo's own answers for the URLs a
 * browser fetches (fetch-url.test.ts compares them with ufo's over such URLs); it does
 * not do what those never need (`blob:` and `data:` addresses, punycode).
 */

const PROTOCOL = /^[\s\w\0+.-]{2,}:([/\\]{2})?/;
const PROTOCOL_OR_RELATIVE = /^[\s\w\0+.-]{2,}:([/\\]{2})?|^([/\\]\s*){2,}[^/\\]/;

/** `input` under `base`, unless it is already an address of its own or under `base`. */
export function withBase(input: string, base: string | undefined): string {
  if (!base || base === "/" || PROTOCOL.test(input)) return input;
  const trimmed = (base.endsWith("/") ? base.slice(0, -1) : base) || "/";
  if (input.startsWith(trimmed)) {
    const next = input[trimmed.length];
    if (!next || next === "/" || next === "?") return input;
  }
  if (!input || input === "/") return trimmed;
  return (trimmed.endsWith("/") ? trimmed : `${trimmed}/`) + input.replace(/^\.?\//, "");
}

/** `input` with `query` merged into its own query (a value of `undefined` leaves its key out). */
export function withQuery(input: string, query: Record<string, unknown>): string {
  // An address with a scheme or host reads backslashes as slashes, and its scheme in lower case.
  const absolute = PROTOCOL_OR_RELATIVE.test(input);
  const url = absolute ? input.replace(/\\/g, "/").replace(/^[\s\0]*([\w+.-]{2,}:)/, (scheme) => scheme.toLowerCase()) : input;
  const [, head = "", search = "", hash = ""] = /^([^#?]*)(\?[^#]*)?(#.*)?/.exec(url) ?? [];
  const merged: Record<string, unknown> = { ...parseQuery(search), ...query };
  const text = Object.keys(merged)
    .filter((key) => merged[key] !== undefined)
    .map((key) => queryItem(key, merged[key]))
    .filter(Boolean)
    .join("&");
  return head + (text ? `?${text}` : "") + hash;
}

function parseQuery(search: string): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = Object.create(null);
  for (const parameter of search.replace(/^\?/, "").split("&")) {
    const parts = parameter.match(/([^=]+)=?(.*)/);
    if (!parts) continue;
    const key = decode(parts[1]!);
    if (key === "__proto__" || key === "constructor") continue;
    const value = decode(parts[2] ?? "");
    const known = object[key];
    object[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return object;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
};

const encodeValue = (input: unknown) =>
  encodeURI(typeof input === "string" ? input : JSON.stringify(input))
    .replace(/%7c/gi, "|")
    .replace(/\+/g, "%2B")
    .replace(/%20/gi, "+")
    .replace(/#/g, "%23")
    .replace(/&/g, "%26")
    .replace(/%60/gi, "`")
    .replace(/%5e/gi, "^")
    .replace(/\//g, "%2F");
const encodeKey = (key: string) => encodeValue(key).replace(/=/g, "%3D");

function queryItem(key: string, value: unknown): string {
  const given = typeof value === "number" || typeof value === "boolean" ? String(value) : value;
  if (!given) return encodeKey(key);
  if (Array.isArray(given)) return given.map((one) => `${encodeKey(key)}=${encodeValue(one)}`).join("&");
  return `${encodeKey(key)}=${encodeValue(given)}`;
}
