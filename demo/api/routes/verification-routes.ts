import { Hono, type Context } from "hono";
import * as v from "valibot";
import { checkCode, codeUsedUp, consumeCodeAlone, issueCode, type ConsumedCode } from "../codes/one-time-codes.ts";
import { EMAIL_PATTERN, PHONE_PATTERN, VerificationType } from "booking-widget/contract";
import { accountById, provenCustomer } from "../customers/customer-accounts.ts";
import { Password, ProvenProfile } from "../customers/customer-profile.ts";
import { clientAddress } from "../client-address.ts";
import type { ApiDeps } from "../api-deps.ts";
import { badRequest, IdText, refuse, parseInput, readOptionalJson, validated, validatedBody } from "../http-errors.ts";
import { rememberLoginAddress } from "../limits/guess-limits.ts";
import { limits, reserveAll, sendLimits } from "../limits/counted-limits.ts";
import { verificationCodeMessage } from "../outbox/message-texts.ts";
import { hashPassword } from "../passwords.ts";
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
  /** Where the code was sent (our extension): the guess then counts against that code. */
  emailAddress: v.optional(v.union([v.literal(""), Email])),
  phoneNumber: v.optional(v.union([v.literal(""), Phone])),
  /** A new profile's password (our extension), set once the code has proven the phone. */
  password: v.optional(Password),
  /** A new profile (our extension): the prover's own values, for an account nobody had proven yet. */
  profile: v.optional(ProvenProfile),
});

/** Appointment/verificationCode and Appointment/verify (spec §4 "Booking submission"). */
export function verificationRoutes(deps: ApiDeps) {
  const { db, messenger, clock, keys } = deps;
  const checked = [validated("query", UserIdQuery), validatedBody(CodeRequest, "body")] as const;
  const sendCode = async (c: Context, { userId }: { userId: number }, body: v.InferOutput<typeof CodeRequest>) => {
    const provider = await requireProvider(db, userId);
    if (provider.verificationType === VerificationType.None) badRequest("This booking page does not verify bookings");
    const byEmail = provider.verificationType === VerificationType.Email;
    const recipient = byEmail ? body.emailAddress?.toLowerCase() : body.phoneNumber;
    if (!recipient)
      badRequest(byEmail ? 'Invalid body field "emailAddress": is required' : 'Invalid body field "phoneNumber": is required');
    const channel = byEmail ? "email" : "sms";
    const now = clock.now();
    await reserveAll(db, sendLimits(recipient, clientAddress(c)), now);
    await db.transaction(async (tx) => {
      const code = await issueCode(tx, keys, { providerId: userId, purpose: "verify-booking", channel, recipient, payload: body }, now);
      await messenger.send(
        tx,
        { channel, to: recipient, ...verificationCodeMessage(provider.language ?? "no", provider.companyName, code), code },
        now,
      );
    });
    return c.json({ channel, to: recipient });
  };

  return new Hono()
    .post("/Appointment/verificationCode/", ...checked, (c) => sendCode(c, c.req.valid("query"), c.req.valid("json")))
    .post("/Appointment/verificationCode", ...checked, (c) => sendCode(c, c.req.valid("query"), c.req.valid("json")))
    .post("/Appointment/verify", async (c) => {
      // The code travels in the query (verificationCode, userId) or in the body (code, userId).
      const body = (await readOptionalJson(c)) ?? {};
      const query = c.req.query();
      const input = parseInput(
        VerifyInput,
        {
          userId: query.userId ?? (body.userId === undefined ? undefined : String(body.userId)),
          verificationCode: query.verificationCode ?? (typeof body.code === "string" ? body.code : undefined),
          emailAddress: body.emailAddress,
          phoneNumber: body.phoneNumber,
          password: body.password,
          profile: body.profile,
        },
        "request",
      );
      const provider = await requireProvider(db, input.userId);
      const now = clock.now();
      const recipient = provider.verificationType === VerificationType.Email ? input.emailAddress?.toLowerCase() : input.phoneNumber;
      const purpose = "verify-booking" as const;
      let used: ConsumedCode | null;
      if (recipient) {
        const check = await checkCode(db, keys, { providerId: provider.userId, purpose, recipient, code: input.verificationCode }, now);
        if (check.kind === "used-up") throw codeUsedUp();
        used = check.kind === "used" ? check.code : null;
      } else {
        // The code alone names no code to count against: the caller's address and the
        // whole booking page have a budget of wrong guesses instead.
        const budget = await reserveAll(
          db,
          [
            [limits.codeAlonePerAddress, clientAddress(c)],
            [limits.codeAlonePerProvider, String(provider.userId)],
          ],
          now,
        );
        used = await consumeCodeAlone(db, keys, { providerId: provider.userId, purpose, code: input.verificationCode }, now);
        if (used) await budget.refund(db);
      }
      if (!used) refuse("wrong-verification-code");
      const proof = { channel: used.channel, recipient: used.recipient };
      const passwordHash = input.password && proof.channel === "sms" ? await hashPassword(input.password) : null;
      if (proof.channel === "sms") await rememberLoginAddress(deps, c, provider.userId, proof.recipient, now);
      return c.json(
        await db.transaction(async (tx) => {
          const id = await provenCustomer(
            tx,
            provider.userId,
            proof,
            used.payload as Record<string, string | number | undefined>,
            input.profile,
          );
          // Only the one who proved the phone sets its first password.
          if (passwordHash)
            await tx.query("UPDATE customer_accounts SET password_hash = $2 WHERE id = $1 AND password_hash IS NULL", [id, passwordHash]);
          return accountById(tx, keys, id);
        }),
      );
    });
}
