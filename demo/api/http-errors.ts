import { vValidator } from "@hono/valibot-validator";
import type { Env, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as v from "valibot";
import { ADMIN_REFUSALS, type AdminRefusalCode, REFUSALS, type RefusalCode } from "booking-widget/contract";

/** The widget's refusals and the back office's (kept apart in the contract: the widget carries only its own). */
const ALL_REFUSALS: Record<RefusalCode | AdminRefusalCode, { status: number; message: string }> = { ...REFUSALS, ...ADMIN_REFUSALS };

/**
 * A refusal with its machine-readable code (src/contract/refusals.ts): the API's error handler
 * answers { message, code } with the code's status, and Retry-After when
 * `retryAfterSeconds` is given (429). `limit` names the limit that refused (a 429's
 * metrics label, never sent).
 */
export class Refusal extends HTTPException {
  constructor(
    readonly code: RefusalCode | AdminRefusalCode,
    message: string = ALL_REFUSALS[code].message,
    readonly retryAfterSeconds?: number,
    readonly limit?: string,
  ) {
    super(ALL_REFUSALS[code].status as ContentfulStatusCode, { message });
  }
}

/** Refuses the request for the reason `code` names (its status and message come with it). */
export function refuse(code: RefusalCode | AdminRefusalCode, message?: string): never {
  throw new Refusal(code, message);
}

/** The JSON body of an error answer: { message }, and a refusal's code beside it. */
export function errorBody(error: HTTPException): { message: string; code?: RefusalCode | AdminRefusalCode } {
  return error instanceof Refusal ? { message: error.message, code: error.code } : { message: error.message };
}

/** 400 with a message naming the bad field; the body is { message }. */
export function badRequest(message: string): never {
  throw new HTTPException(400, { message });
}

export function notFound(message: string): never {
  throw new HTTPException(404, { message });
}

/** Parses untrusted input (a body, or a value the route computed) or answers 400 naming the first bad field. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  return badRequest(problemOf(result.issues, what));
}

/**
 * A route's check of its query or path values (@hono/valibot-validator), before the
 * handler runs: the handler reads them typed with c.req.valid(target); anything else is
 * answered 400 naming the first bad field, as parseInput does.
 */
export const validated = <Target extends "query" | "param", S extends v.GenericSchema>(
  target: Target,
  schema: S,
  what: string = target === "param" ? "path" : "query",
) =>
  vValidator(target, schema, (result) => {
    if (!result.success) badRequest(problemOf(result.issues, what, target === "query"));
  });

/**
 * A route's check of its JSON body, before the handler runs (as `validated` does for the
 * query and path): the body is read with readJson whatever its content type says (the
 * hold release comes as text/plain), checked by `schema`, and read typed with
 * c.req.valid("json"); anything else is answered 400 naming the first bad field.
 */
export const validatedBody =
  <S extends v.GenericSchema>(
    schema: S,
    what: string,
  ): MiddlewareHandler<Env, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> =>
  async (c, next) => {
    c.req.addValidatedData("json", parseInput(schema, await readJson(c), what) as object);
    await next();
  };

function problemOf(issues: readonly v.BaseIssue<unknown>[], what: string, query = false): string {
  const issue = issues[0]!;
  const path = issue.path?.map((p) => String(p.key)).join(".");
  // A missing key reads better as "is required" than as valibot's key message; a query
  // key given twice arrives as a list.
  const message =
    issue.received === "undefined" ? "is required" : query && Array.isArray(issue.input) ? "must be given once" : issue.message;
  return `Invalid ${what}${path ? ` field "${path}"` : ""}: ${message}`;
}

/** A positive 32-bit id given as text (path segment or query value). */
export const IdText = v.pipe(
  v.string("is required"),
  v.regex(/^\d{1,10}$/, "must be a positive whole number"),
  v.transform(Number),
  v.number(),
  v.minValue(1, "must be a positive whole number"),
  v.maxValue(2147483647, "is too large"),
);

/**
 * The request's JSON body, or a 400 answer when it is not a JSON object. Text with a NUL
 * character is refused here for every route (PostgreSQL cannot store it).
 */
export async function readJson(c: { req: { json(): Promise<unknown> } }): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => badRequest("Body must be JSON"));
  if (typeof body !== "object" || body === null || Array.isArray(body)) badRequest("Body must be a JSON object");
  if (hasNul(body)) badRequest("Text must not contain NUL characters");
  return body as Record<string, unknown>;
}

/** readJson for a body that may be left out (no body, or an empty one): then null. */
export async function readOptionalJson(c: { req: { text(): Promise<string> } }): Promise<Record<string, unknown> | null> {
  const text = await c.req.text();
  if (text.trim() === "") return null;
  return readJson({ req: { json: async () => JSON.parse(text) as unknown } });
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (typeof value !== "object" || value === null) return false;
  if (depth > 32) badRequest("Body is nested too deeply");
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || hasNul(item, depth + 1));
}

/** A positive 32-bit id given as a JSON number or as text. */
export const IdInput = v.union(
  [v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2147483647)), IdText],
  "must be a positive whole number",
);
