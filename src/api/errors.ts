import type { BaseIssue } from "valibot";

/**
 * Every failed API call becomes an ApiError, so callers switch on `kind` instead of
 * guessing from whatever fetch threw:
 * - network:   the API could not be reached (offline, DNS, CORS, server down)
 * - http:      the API answered with an error status; `serverMessage` holds its text
 * - malformed: the API answered 2xx but the body does not match the contract
 */
export type ApiErrorKind = "network" | "http" | "malformed";

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  readonly path: string;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  /** The refusal's machine-readable code (contract/refusals.ts), when the API sent one. */
  readonly refusal: string | undefined;
  readonly issues: readonly string[];
  /** A 429's or 503's Retry-After, in seconds, when the API said it. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    path: string;
    status?: number;
    serverMessage?: string;
    refusal?: string | undefined;
    issues?: readonly string[];
    retryAfterSeconds?: number | undefined;
    cause?: unknown;
  }) {
    super(describe(init), { cause: init.cause });
    this.kind = init.kind;
    this.path = init.path;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.refusal = init.refusal;
    this.issues = init.issues ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  get isNotFound(): boolean {
    return this.kind === "http" && this.status === 404;
  }
}

function describe(init: { kind: ApiErrorKind; path: string; status?: number; serverMessage?: string; issues?: readonly string[] }): string {
  switch (init.kind) {
    case "network":
      return `Could not reach the booking API (${init.path})`;
    case "http":
      return `Booking API answered ${init.status ?? "an error"} for ${init.path}${init.serverMessage ? `: ${init.serverMessage}` : ""}`;
    case "malformed":
      return `Booking API answered ${init.path} with an unexpected shape: ${(init.issues ?? []).slice(0, 3).join("; ")}`;
  }
}

/** Turns valibot issues into short "path: message" lines for logs. */
export function formatIssues(issues: readonly BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const where = issue.path?.map((item) => String(item.key)).join(".") || "(root)";
    return `${where}: ${issue.message}`;
  });
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The HTTP status of a refused call; undefined for anything else (network, malformed, not an API error). */
export function httpStatus(error: unknown): number | undefined {
  return isApiError(error) && error.kind === "http" ? error.status : undefined;
}
