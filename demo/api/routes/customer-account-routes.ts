import { Hono } from "hono";
import { createProfile, editProfile } from "../customers/customer-profiles.ts";
import { EditedProfile, NewProfile, PasswordLogin, PasswordReset, PhoneLogin } from "../customers/customer-profile.ts";
import { loginWithPassword, phoneLookup, resetPasswordWithCode, sendPasswordResetCode } from "../customers/password-login.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { parseInput, readJson } from "../http-errors.ts";
import type { Logger } from "../logger.ts";
import { requireProvider } from "../providers/provider-queries.ts";

/** The customer account calls of spec §7 (adminId is the booking page's id). */
export function customerAccountRoutes(db: Database, logger: Logger, clock: Clock) {
  return new Hono()
    .post("/CustomerAccount", async (c) => {
      const profile = parseInput(NewProfile, await readJson(c), "customer account");
      const provider = await requireProvider(db, profile.adminId);
      return c.json(await createProfile(db, provider, profile, clock.now()));
    })
    .put("/CustomerAccount", async (c) => {
      const profile = parseInput(EditedProfile, await readJson(c), "customer account");
      const provider = await requireProvider(db, profile.adminId);
      return c.json(await editProfile(db, provider, profile, clock.now()));
    })
    .post("/CustomerAccount/byPhone", async (c) => {
      const { adminId, login } = parseInput(PhoneLogin, await readJson(c), "login");
      await requireProvider(db, adminId);
      return c.text(await phoneLookup(db, adminId, login));
    })
    .post("/CustomerAccount/byPhoneAndPassword", async (c) => {
      const { adminId, login, password } = parseInput(PasswordLogin, await readJson(c), "login");
      await requireProvider(db, adminId);
      return c.json(await loginWithPassword(db, adminId, login, password, clock.now()));
    })
    .post("/CustomerAccount/resetPassword", async (c) => {
      const { adminId, login } = parseInput(PhoneLogin, await readJson(c), "login");
      const provider = await requireProvider(db, adminId);
      await sendPasswordResetCode(db, logger, provider, login, clock.now());
      return c.json({ channel: "sms", to: login });
    })
    .post("/CustomerAccount/resetPasswordByCode", async (c) => {
      const input = parseInput(PasswordReset, await readJson(c), "password reset");
      await requireProvider(db, input.adminId);
      await resetPasswordWithCode(db, input.adminId, input, clock.now());
      return c.json({ message: "Your password has been changed" });
    });
}
