import { Hono } from "hono";
import { createProfile, editProfile } from "../customers/customer-profiles.ts";
import { EditedProfile, NewProfile, PasswordLogin, PasswordReset, PhoneLogin } from "../customers/customer-profile.ts";
import { loginWithPassword, phoneLookup, resetPasswordWithCode, sendPasswordResetCode } from "../customers/password-login.ts";
import type { ApiDeps } from "../api-deps.ts";
import { validatedBody } from "../http-errors.ts";
import { requireProvider } from "../providers/provider-queries.ts";

/** The customer account calls of spec §7 (adminId is the booking page's id). */
export function customerAccountRoutes(deps: ApiDeps) {
  const { db } = deps;
  return new Hono()
    .post("/CustomerAccount", validatedBody(NewProfile, "customer account"), async (c) => {
      const profile = c.req.valid("json");
      const provider = await requireProvider(db, profile.adminId);
      return c.json(await createProfile(deps, provider, profile));
    })
    .put("/CustomerAccount", validatedBody(EditedProfile, "customer account"), async (c) => {
      const profile = c.req.valid("json");
      const provider = await requireProvider(db, profile.adminId);
      return c.json(await editProfile(deps, c, provider, profile));
    })
    .post("/CustomerAccount/byPhone", validatedBody(PhoneLogin, "login"), async (c) => {
      const { adminId, login } = c.req.valid("json");
      await requireProvider(db, adminId);
      return c.text(await phoneLookup(deps, c, adminId, login));
    })
    .post("/CustomerAccount/byPhoneAndPassword", validatedBody(PasswordLogin, "login"), async (c) => {
      const { adminId, login, password } = c.req.valid("json");
      await requireProvider(db, adminId);
      return c.json(await loginWithPassword(deps, c, adminId, login, password));
    })
    .post("/CustomerAccount/resetPassword", validatedBody(PhoneLogin, "login"), async (c) => {
      const { adminId, login } = c.req.valid("json");
      const provider = await requireProvider(db, adminId);
      await sendPasswordResetCode(deps, c, provider, login);
      return c.json({ channel: "sms", to: login });
    })
    .post("/CustomerAccount/resetPasswordByCode", validatedBody(PasswordReset, "password reset"), async (c) => {
      const input = c.req.valid("json");
      await requireProvider(db, input.adminId);
      await resetPasswordWithCode(deps, c, input.adminId, input);
      return c.json({ message: "Your password has been changed" });
    });
}
