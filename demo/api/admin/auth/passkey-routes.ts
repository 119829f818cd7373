import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { Hono } from "hono";
import * as v from "valibot";
import { PasskeyOptionsSchema, PasskeyRegistrationSchema, PasskeySignInSchema } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { IdText, validated, validatedBody } from "../../http-errors.ts";
import type { AdminEnv } from "../admin-access.ts";
import { type AdminGuards, publicAdminChange } from "./admin-guard.ts";
import { sessionByToken, startSession } from "./admin-sessions.ts";
import { sessionAnswer } from "./admin-sign-in.ts";
import { passkeyHolder, passkeysOf, registerPasskey, registrationOptions, removePasskey, signInOptions } from "./passkeys.ts";
import { setSessionCookie } from "./session-cookie.ts";
import { DEFAULT_SESSION_LIFE } from "./session-life.ts";

/**
 * Passkeys (WebAuthn): any signed-in person adds, lists and removes their own, and signs
 * in with one instead of a password. The challenge and the signature are checked by
 * @simplewebauthn/server against this site's origin and host.
 */
export function passkeyRoutes(deps: ApiDeps, guard: AdminGuards) {
  const life = deps.adminSessions ?? DEFAULT_SESSION_LIFE;
  const publicChange = publicAdminChange(deps);
  return new Hono<AdminEnv>()
    .post("/admin/passkeys/options", guard.signedIn, async (c) => c.json(await registrationOptions(deps, c, c.get("admin"))))
    .post("/admin/passkeys", guard.signedIn, validatedBody(PasskeyRegistrationSchema, "passkey"), async (c) => {
      const { name, response } = c.req.valid("json");
      return c.json(
        await registerPasskey(deps, c, c.get("admin"), { name, response: response as unknown as RegistrationResponseJSON }),
        201,
      );
    })
    .get("/admin/passkeys", guard.signedIn, async (c) => c.json(await passkeysOf(deps.db, c.get("admin").accountId)))
    .delete("/admin/passkeys/:id", guard.signedIn, validated("param", v.strictObject({ id: IdText })), async (c) => {
      await removePasskey(deps, c.get("admin"), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .post("/admin/passkey-session/options", publicChange, validatedBody(PasskeyOptionsSchema, "passkey sign-in"), async (c) =>
      c.json(await signInOptions(deps, c, c.req.valid("json").bookingLink)),
    )
    .post("/admin/passkey-session", publicChange, validatedBody(PasskeySignInSchema, "passkey sign-in"), async (c) => {
      const { bookingLink, response } = c.req.valid("json");
      const accountId = await passkeyHolder(deps, c, { bookingLink, response: response as unknown as AuthenticationResponseJSON });
      const token = await startSession(deps.db, deps.keys, accountId, deps.clock.now(), life);
      setSessionCookie(c, token, life);
      return c.json(await sessionAnswer(deps, (await sessionByToken(deps.db, deps.keys, token))!, token));
    });
}
