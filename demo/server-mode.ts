import { DEMO_SECRET, MIN_SECRET_LENGTH } from "./api/secrets/server-keys.ts";

/**
 * The two ways to start the server, read from the environment:
 * - demo (npm start, the default of this script): the well-known demo secret unless
 *   API_SECRET is set, messages kept in the outbox at /api/dev/outbox and printed to
 *   the log so that a newcomer can read the codes sent to them;
 * - production (API_MODE=production, npm run start:production): no outbox, nothing
 *   secret in the log, and it refuses to start without API_SECRET, PUBLIC_URL (links in
 *   messages must not follow a request's Host header) and MESSAGE_WEBHOOK_URL (the
 *   SMS/e-mail gateway the messages are posted to).
 */
export type ServerMode =
  | { kind: "demo"; secret: string; publicUrl: string | undefined }
  | { kind: "production"; secret: string; publicUrl: string; messageWebhookUrl: string };

export function serverModeFrom(env: Record<string, string | undefined>): ServerMode {
  const mode = env.API_MODE || "demo";
  if (mode === "demo") return { kind: "demo", secret: env.API_SECRET || DEMO_SECRET, publicUrl: env.PUBLIC_URL || undefined };
  if (mode !== "production") throw new Error(`API_MODE must be demo or production, not ${JSON.stringify(mode)}`);
  const missing: string[] = [];
  const secret = env.API_SECRET ?? "";
  if (secret.length < MIN_SECRET_LENGTH || secret === DEMO_SECRET)
    missing.push(`API_SECRET (a random string of at least ${MIN_SECRET_LENGTH} characters)`);
  if (!isHttpUrl(env.PUBLIC_URL)) missing.push("PUBLIC_URL (the site's address, e.g. https://booking.example.com)");
  if (!isHttpUrl(env.MESSAGE_WEBHOOK_URL)) missing.push("MESSAGE_WEBHOOK_URL (where SMS and e-mail are posted for delivery)");
  if (missing.length > 0) throw new Error(`Production start refused; set ${missing.join(", ")}`);
  return { kind: "production", secret, publicUrl: env.PUBLIC_URL!, messageWebhookUrl: env.MESSAGE_WEBHOOK_URL! };
}

function isHttpUrl(value: string | undefined): boolean {
  try {
    return /^https?:$/.test(new URL(value ?? "").protocol);
  } catch {
    return false;
  }
}
