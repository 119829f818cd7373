import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Encoding } from "../api/content-encoding.ts";

/** A body made once and sent to many: its bytes and how they are encoded. */
export interface CompressedBody {
  payload: Uint8Array;
  encoding: Encoding;
}

/** `text` compressed as `encoding` says (brotli at a quality quick enough to make per page and few seconds). */
export function compressedBody(encoding: Encoding, text: string): CompressedBody {
  const bytes = Buffer.from(text);
  const payload =
    encoding === "br"
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === "gzip"
        ? gzipSync(bytes)
        : bytes;
  return { payload: new Uint8Array(payload), encoding };
}

/** A 200 answer of `body`, with its encoding named and the cache told it varies by it. */
export function compressedResponse({ payload, encoding }: CompressedBody, contentType: string, headers: Record<string, string>): Response {
  // A copy per answer: the cached bytes are never handed to a stream that could take them over.
  return new Response(new Uint8Array(payload), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": contentType,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    },
  });
}
