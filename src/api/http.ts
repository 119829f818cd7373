import { FetchError, ofetch, type $Fetch } from "ofetch";
import * as v from "valibot";
import { ApiError, formatIssues } from "./errors.ts";
import { retryAfterSeconds } from "./retry-after.ts";
import { readRetryDelay } from "./read-retry.ts";
import { readsOnly } from "../contract/read-routes.ts";

export interface HttpOptions {
  /** API base address, e.g. "https://booking.example.com/api". */
  base: string;
  /** Replaces the global fetch (tests route calls straight into the reference API). */
  fetch?: typeof globalThis.fetch;
  /** Told about every failed call before it is thrown, for logging. */
  onError?: (error: ApiError) => void;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** "text" for the few calls that answer plain text (CustomerAccount/byPhone). */
  responseType?: "json" | "text";
  headers?: Record<string, string>;
  /** The request outlives the page (a release sent as the visitor leaves). */
  keepalive?: boolean;
}

export interface Http {
  /** Calls `path` and parses the answer with `schema`; throws ApiError on any failure. */
  request<S extends v.GenericSchema>(schema: S, path: string, options?: RequestOptions): Promise<v.InferOutput<S>>;
}

/**
 * One ofetch instance per API client, bound to the API base. ofetch's own retry is off:
 * a read the API sheds (503, 429) is asked again here, at most twice (read-retry.ts);
 * SWR asks nothing again by itself (shouldRetryOnError: false, app/WidgetProviders.tsx).
 */
export function createHttp(options: HttpOptions): Http {
  const $fetch: $Fetch = ofetch.create({ baseURL: options.base, retry: 0, timeout: 30_000 }, options.fetch ? { fetch: options.fetch } : {});

  const fail = (error: ApiError): never => {
    options.onError?.(error);
    throw error;
  };

  return {
    async request(schema, path, { method = "GET", query, body, responseType = "json", headers, keepalive } = {}) {
      let raw: unknown;
      for (let retried = 0; ; retried++) {
        try {
          raw = await $fetch(path, {
            method,
            query: query ? dropEmpty(query) : undefined,
            body: body as BodyInit | Record<string, unknown> | undefined,
            responseType,
            ...(headers ? { headers } : {}),
            ...(keepalive ? { keepalive } : {}),
          });
          break;
        } catch (error) {
          const failure = toApiError(error, path);
          // A read the API shed is asked again after the wait it named (read-retry.ts); a write never is here.
          const wait = readsOnly(method, path) ? readRetryDelay(failure, retried) : undefined;
          if (wait === undefined) return fail(failure);
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
      const result = v.safeParse(schema, raw);
      if (!result.success) {
        return fail(new ApiError({ kind: "malformed", path, issues: formatIssues(result.issues) }));
      }
      return result.output;
    },
  };
}

function dropEmpty(query: NonNullable<RequestOptions["query"]>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) out[key] = value;
  return out;
}

function toApiError(error: unknown, path: string): ApiError {
  if (error instanceof FetchError) {
    const status = error.status ?? error.response?.status;
    if (status === undefined) return new ApiError({ kind: "network", path, cause: error });
    const retryAfter = retryAfterSeconds(error.response?.headers.get("Retry-After"));
    return new ApiError({
      kind: "http",
      path,
      status,
      serverMessage: serverMessageOf(error.data),
      refusal: typeof error.data?.code === "string" ? error.data.code : undefined,
      retryAfterSeconds: retryAfter,
      cause: error,
    });
  }
  return new ApiError({ kind: "network", path, cause: error });
}

/** The reference API answers errors as { message }; other servers may answer plain text. */
function serverMessageOf(data: unknown): string | undefined {
  if (typeof data === "string") return data.trim() || undefined;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return undefined;
}
