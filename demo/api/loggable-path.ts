/**
 * A request path as the log may carry it: no secret and nothing that reaches a person.
 * FetchByToken's token and phone number are masked, and so is any segment that looks
 * like a secret (16 or more hex digits: tokens, payment ids) or an e-mail address.
 * Query strings are never logged at all.
 */
export function loggablePath(path: string): string {
  const segments = path.split("/");
  const fetchByToken = segments.findIndex((segment, i) => /^fetchbytoken$/i.test(segment) && /^customer$/i.test(segments[i - 1] ?? ""));
  return segments
    .map((segment, i) => {
      if (fetchByToken >= 0 && (i === fetchByToken + 1 || i === fetchByToken + 3)) return "***";
      const text = decoded(segment);
      return /@/.test(text) || /^[0-9a-f]{16,}$/i.test(text) ? "***" : segment;
    })
    .join("/");
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
