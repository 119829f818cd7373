import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import type { Context } from "hono";
import { acceptedEncodings } from "../api/content-encoding.ts";

/** How long a browser or CDN keeps a built file. */
export type CachePolicy =
  /** A file whose name carries its content hash: never changes, kept a year. */
  | "immutable"
  /** A stable address (the entry providers paste): kept briefly, then revalidated by ETag. */
  | "revalidate";

export const CACHE_CONTROL: Record<CachePolicy, string> = {
  immutable: "public, max-age=31536000, immutable",
  revalidate: "public, max-age=300, must-revalidate",
};

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ts": "text/plain; charset=utf-8",
};

interface Representation {
  body: Buffer;
  encoding: "br" | "gzip" | null;
  etag: string;
}

/**
 * Serves the files of a build folder: the precompressed .br or .gz beside a file when
 * the browser accepts it (Vary: Accept-Encoding), a strong ETag per representation and
 * 304 for a matching If-None-Match, and the cache policy asked for. Files are read once
 * and kept in memory (a build does not change under a running server).
 */
export function builtFiles(root: string) {
  const cache = new Map<string, Representation[] | null>();
  const representations = (path: string): Representation[] | null => {
    if (cache.has(path)) return cache.get(path)!;
    const full = normalize(join(root, path));
    const found = full.startsWith(normalize(root + sep)) && existsSync(full) && statSync(full).isFile();
    let result: Representation[] | null = null;
    if (found) {
      const plain = readFileSync(full);
      const hash = createHash("sha256").update(plain).digest("base64url").slice(0, 22);
      result = [
        ...(["br", "gzip"] as const)
          .map((encoding) => ({ encoding, file: `${full}.${encoding === "br" ? "br" : "gz"}` }))
          .filter(({ file }) => existsSync(file))
          .map(({ encoding, file }) => ({ body: readFileSync(file), encoding, etag: `"${hash}-${encoding}"` })),
        { body: plain, encoding: null, etag: `"${hash}"` },
      ];
    }
    cache.set(path, result);
    return result;
  };

  /** The answer for `path` (relative to the root), or null when there is no such file. */
  return (c: Context, path: string, policy: CachePolicy): Response | null => {
    if (/\.(br|gz)$/.test(path)) return null;
    const options = representations(path);
    if (!options) return null;
    const accepted = acceptedEncodings(c.req.header("accept-encoding") ?? "");
    const chosen = options.find((option) => option.encoding === null || accepted.has(option.encoding))!;
    const headers: Record<string, string> = {
      "Content-Type": TYPES[extname(path)] ?? "application/octet-stream",
      "Cache-Control": CACHE_CONTROL[policy],
      ETag: chosen.etag,
      Vary: "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    };
    if (chosen.encoding) headers["Content-Encoding"] = chosen.encoding;
    const match = c.req.header("if-none-match");
    if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === chosen.etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(chosen.body), {
      status: 200,
      headers: { ...headers, "Content-Length": String(chosen.body.length) },
    });
  };
}
