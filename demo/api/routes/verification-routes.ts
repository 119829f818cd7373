import { Hono } from "hono";
import * as v from "valibot";
import { consumeCode, issueCode } from "../codes/one-time-codes.ts";
import { EMAIL_PATTERN, PHONE_PATTERN } from "../customers/contact-patterns.ts";
import { verifiedCustomer } from "../customers/customer-accounts.ts";
import { assertNotLockedOut, recordLoginFailure } from "../customers/login-throttle.ts";
import { clientAddress } from "../client-address.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { badRequest, IdText, parseInput, readJson } from "../http-errors.ts";
import type { Logger } from "../logger.ts";
import { verificationCodeMessage } from "../outbox/message-texts.ts";
import { sendMessage } from "../outbox/outbox.ts";
import { requireProvider } from "../providers/provider-queries.ts";

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254), v.regex(EMAIL_PATTERN, "must be a valid e-mail address"));
const Phone = v.pipe(v.string(), v.regex(PHONE_PATTERN, "must be 4 to 15 digits"));

const CodeRequest = v.object({
  emailAddress: v.optional(v.union([v.literal(""), Email])),
  phoneNumber: v.optional(v.union([v.literal(""), Phone])),
  phoneNumberCountryCode: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999))),
  firstName: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
const UserIdQuery = v.object({ userId: IdText });
const VerifyInput = v.object({
  userId: IdText,
  verificationCode: v.pipe(v.string("is required"), v.regex(/^\d{5}$/, "must be 5 digits")),
});

/** Appointment/verificationCode and Appointment/verify (spec §4 "Booking submission"). */
export function verificationRoutes(db: Database, logger: Logger, clock: Clock) {
  const sendCode = async (c: import("hono").Context) => {
    const { userId } = parseInput(UserIdQuery, c.req.query(), "query");
    const body = parseInput(CodeRequest, await readJson(c), "body");
    const provider = await requireProvider(db, userId);
    if (provider.verificationType === 0) badRequest("This booking page does not verify bookings");
    const byEmail = provider.verificationType === 1;
    const recipient = byEmail ? body.emailAddress : body.phoneNumber;
    if (!recipient) badRequest(byEmail ? 'Invalid body field "emailAddress": is required' : 'Invalid body field "phoneNumber": is required');
    const channel = byEmail ? "email" : "sms";
    const now = clock.now();
    await db.transaction(async (tx) => {
      const code = await issueCode(tx, { providerId: userId, purpose: "verify-booking", channel, recipient: recipient!, payload: body }, now);
      await sendMessage(tx, logger, {
        channel,
        to: recipient!,
        ...verificationCodeMessage(provider.language ?? "no", provider.companyName, code),
        code,
      }, now);
    });
    return c.json({ channel, to: recipient });
  };

  return new Hono()
    .post("/Appointment/verificationCode/", sendCode)
    .post("/Appointment/verificationCode", sendCode)
    .post("/Appointment/verify", async (c) => {
      // The code travels in the query (verificationCode, userId) or in the body (code, userId).
      const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
      const query = c.req.query();
      const input = parseInput(
        VerifyInput,
        {
          userId: query.userId ?? (body.userId === undefined ? undefined : String(body.userId)),
          verificationCode: query.verificationCode ?? (typeof body.code === "string" ? body.code : undefined),
        },
        "query",
      );
      await requireProvider(db, input.userId);
      // The code alone names what it vouches for, so wrong guesses count per caller.
      const guesser = { providerId: input.userId, kind: "verify" as const, subject: clientAddress(c) };
      const now = clock.now();
      await assertNotLockedOut(db, guesser, now);
      const account = await db.transaction(async (tx) => {
        const used = await consumeCode(tx, { providerId: input.userId, purpose: "verify-booking", code: input.verificationCode }, now);
        if (!used) return null;
        return verifiedCustomer(tx, input.userId, used.payload as Record<string, string | number | undefined>);
      });
      if (account) return c.json(account);
      await recordLoginFailure(db, guesser, now);
      return badRequest("Invalid verification code");
    });
}
