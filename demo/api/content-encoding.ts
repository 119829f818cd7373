/** An answer's encoding: brotli, gzip, or none. */
export type Encoding = "br" | "gzip" | null;

/** The encodings an Accept-Encoding header allows (q > 0). */
export function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!name || (q && !(Number(q.slice(2)) > 0))) continue;
    for (const encoding of name === "*" ? ["br", "gzip"] : [name]) accepted.add(encoding);
  }
  return accepted;
}

/** Brotli, else gzip, else none: what the client accepts. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = acceptedEncodings(acceptEncoding ?? "");
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}
