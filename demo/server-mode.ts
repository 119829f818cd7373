import type { StripeSettings } from "./api/payments/stripe-gateway.ts";
import type { VippsSettings } from "./api/payments/vipps-gateway.ts";
import { namesWalletProductionApi } from "./api/payments/wallet-production-api.ts";
import { DEMO_SECRET, secretProblem } from "./api/secrets/server-keys.ts";

/**
 * The two ways to start the server, read from the environment:
 * - demo (npm start, the default of this script): the well-known demo secret unless
 *   API_SECRET is set, messages kept in the outbox at /api/dev/outbox and printed to
 *   the log so that a newcomer can read the codes sent to them, the payment simulator,
 *   and the demo providers seeded into an empty database;
 * - production (API_MODE=production, npm run start:production): no outbox, no simulator,
 *   no seed, nothing secret in the log, and it refuses to start without an API_SECRET of
 *   32 random bytes, PUBLIC_URL (links in messages must not follow a request's Host
 *   header) MESSAGE_WEBHOOK_URL (the SMS/e-mail gateway the messages are posted to) and
 *   MESSAGE_WEBHOOK_SECRET (32 random bytes that sign each post).
 * NODE_ENV=production alone is refused: operators set it by habit, and it must never
 * start the demo's open outbox.
 * Online payments go through Stripe Checkout when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are both set, and the mobile wallet through Vipps MobilePay when
 * VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY and VIPPS_MSN are, in
 * either mode. GET /metrics answers only
 * METRICS_TOKEN's bearer when it is set; production serves metrics only then.
 */
/** E-mail over SMTP (SMTP_URL and SMTP_FROM), in either mode; without it e-mail goes as SMS does. */
export interface SmtpSettings {
  url: string;
  from: string;
}

export type ServerMode =
  | {
      kind: "demo";
      secret: string;
      publicUrl: string | undefined;
      stripe: StripeSettings | undefined;
      vipps: VippsSettings | undefined;
      smtp: SmtpSettings | undefined;
      metricsToken: string | undefined;
    }
  | {
      kind: "production";
      secret: string;
      publicUrl: string;
      messageWebhookUrl: string;
      /** Signs each webhook delivery (outbox/messenger.ts webhookDelivery), so that the gateway can tell it is ours. */
      messageWebhookSecret: string;
      stripe: StripeSettings | undefined;
      vipps: VippsSettings | undefined;
      smtp: SmtpSettings | undefined;
      /** GET /metrics's bearer token; without it production serves no metrics. */
      metricsToken: string | undefined;
    };

export function serverModeFrom(env: Record<string, string | undefined>): ServerMode {
  const mode = env.API_MODE || "demo";
  if (mode !== "demo" && mode !== "production") throw new Error(`API_MODE must be demo or production, not ${JSON.stringify(mode)}`);
  if (env.NODE_ENV === "production" && mode !== "production")
    throw new Error(
      "NODE_ENV=production is set, but API_MODE is not: the demo (open outbox, payment simulator, demo data) never starts so. " +
        "Set API_MODE=production (with API_SECRET, PUBLIC_URL and MESSAGE_WEBHOOK_URL) for a real deployment, or unset NODE_ENV for the demo.",
    );
  const problems: string[] = [];
  const stripe = stripeSettingsFrom(env, mode, problems);
  const vipps = vippsSettingsFrom(env, mode, problems);
  const smtp = smtpSettingsFrom(env, problems);
  const metricsToken = env.METRICS_TOKEN || undefined;
  const metricsWeak = metricsToken === undefined ? null : secretProblem(metricsToken);
  if (metricsWeak) problems.push(`METRICS_TOKEN ${metricsWeak} (the bearer token GET /metrics asks for): set 32 random bytes`);
  if (mode === "demo") {
    if (problems.length > 0) throw new Error(`Start refused: ${problems.join("; ")}`);
    return {
      kind: "demo",
      secret: env.API_SECRET || DEMO_SECRET,
      publicUrl: env.PUBLIC_URL || undefined,
      stripe,
      vipps,
      smtp,
      metricsToken,
    };
  }
  const secret = env.API_SECRET ?? "";
  const weak = secretProblem(secret);
  if (weak) problems.push(`API_SECRET ${weak}: set 32 random bytes, e.g. the output of \`openssl rand -hex 32\``);
  if (!isHttpUrl(env.PUBLIC_URL)) problems.push("PUBLIC_URL (the site's address, e.g. https://booking.example.com)");
  if (!isHttpUrl(env.MESSAGE_WEBHOOK_URL)) problems.push("MESSAGE_WEBHOOK_URL (where SMS and e-mail are posted for delivery)");
  const webhookWeak = secretProblem(env.MESSAGE_WEBHOOK_SECRET ?? "");
  if (webhookWeak)
    problems.push(`MESSAGE_WEBHOOK_SECRET ${webhookWeak} (it signs each message posted to the gateway): set 32 random bytes`);
  if (env.SEED_FILE) problems.push("no SEED_FILE (production never seeds: add booking pages with npm run providers:import -- <file.json>)");
  if (problems.length > 0) throw new Error(`Production start refused; set ${problems.join(", ")}`);
  return {
    kind: "production",
    secret,
    publicUrl: env.PUBLIC_URL!,
    messageWebhookUrl: env.MESSAGE_WEBHOOK_URL!,
    messageWebhookSecret: env.MESSAGE_WEBHOOK_SECRET!,
    stripe,
    vipps,
    smtp,
    metricsToken,
  };
}

/**
 * Stripe's settings, strict about where real money can go: production talks to Stripe's
 * own API only (STRIPE_API_BASE would send the live key to another host) and takes a
 * test key only with ALLOW_TEST_PAYMENTS=1 (a test key confirms bookings that nobody
 * paid); the demo takes test keys only (its simulator and open outbox are no place for
 * real money).
 */
function stripeSettingsFrom(env: Record<string, string | undefined>, mode: string, problems: string[]): StripeSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || "";
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || "";
  if (env.ALLOW_TEST_PAYMENTS && env.ALLOW_TEST_PAYMENTS !== "1") problems.push("ALLOW_TEST_PAYMENTS (1, or unset)");
  if (!secretKey && !webhookSecret) return undefined;
  const key = /^(sk|rk)_(test|live)_[0-9A-Za-z]+$/.exec(secretKey);
  if (!key) problems.push("STRIPE_SECRET_KEY (a Stripe secret key, sk_test_… or sk_live_…, together with STRIPE_WEBHOOK_SECRET)");
  else if (mode === "demo" && key[2] === "live")
    problems.push("a test key in STRIPE_SECRET_KEY (sk_test_…): the demo never takes real money; live keys belong to API_MODE=production");
  else if (mode === "production" && key[2] === "test" && env.ALLOW_TEST_PAYMENTS !== "1")
    problems.push(
      "a live key in STRIPE_SECRET_KEY (sk_live_…), or ALLOW_TEST_PAYMENTS=1 to run production on Stripe's test mode (bookings confirmed by test cards)",
    );
  if (!/^whsec_[0-9A-Za-z]+$/.test(webhookSecret))
    problems.push("STRIPE_WEBHOOK_SECRET (the webhook endpoint's signing secret, whsec_…, together with STRIPE_SECRET_KEY)");
  if (env.STRIPE_API_BASE && mode === "production")
    problems.push("no STRIPE_API_BASE (production talks to Stripe's own API only: another address would receive the secret key)");
  else if (env.STRIPE_API_BASE && !isHttpUrl(env.STRIPE_API_BASE))
    problems.push("STRIPE_API_BASE (an http(s) address, or unset for Stripe's own)");
  const connectWebhookSecret = env.STRIPE_CONNECT_WEBHOOK_SECRET || undefined;
  if (connectWebhookSecret && !/^whsec_[0-9A-Za-z]+$/.test(connectWebhookSecret))
    problems.push("STRIPE_CONNECT_WEBHOOK_SECRET (the Connect endpoint's signing secret, whsec_…, or unset)");
  return {
    secretKey,
    webhookSecret,
    connectWebhookSecret,
    apiBase: env.STRIPE_API_BASE && mode === "demo" ? new URL(env.STRIPE_API_BASE) : undefined,
  };
}

/**
 * Vipps MobilePay's settings, as strict as Stripe's: production talks to Vipps
 * MobilePay's own API only (VIPPS_API_BASE would send the keys elsewhere) and to its test
 * environment (VIPPS_TEST_MODE=1) only with ALLOW_TEST_PAYMENTS=1; the demo to the test
 * environment only (or a stand-in in its place, never an address of the production API).
 * The webhook's secret is no setting: the API registers
 * each account's webhook on its first payment and keeps the secret Vipps MobilePay answers.
 */
function vippsSettingsFrom(env: Record<string, string | undefined>, mode: string, problems: string[]): VippsSettings | undefined {
  const names = ["VIPPS_CLIENT_ID", "VIPPS_CLIENT_SECRET", "VIPPS_SUBSCRIPTION_KEY", "VIPPS_MSN"] as const;
  const given = names.filter((name) => env[name]);
  if (given.length === 0) return undefined;
  if (given.length < names.length)
    problems.push(`${names.filter((name) => !env[name]).join(", ")} (Vipps MobilePay takes all four of ${names.join(", ")})`);
  if (env.VIPPS_MSN && !/^[0-9]{4,7}$/.test(env.VIPPS_MSN)) problems.push("VIPPS_MSN (the merchant serial number: 4 to 7 digits)");
  if (env.VIPPS_TEST_MODE && env.VIPPS_TEST_MODE !== "1") problems.push("VIPPS_TEST_MODE (1, or unset)");
  const testMode = env.VIPPS_TEST_MODE === "1";
  if (mode === "demo" && !testMode && !env.VIPPS_API_BASE)
    problems.push("VIPPS_TEST_MODE=1 (the demo never takes real money: Vipps MobilePay's test environment, apitest.vipps.no)");
  else if (mode === "production" && testMode && env.ALLOW_TEST_PAYMENTS !== "1")
    problems.push(
      "no VIPPS_TEST_MODE, or ALLOW_TEST_PAYMENTS=1 to run production on Vipps MobilePay's test environment (bookings confirmed by test users)",
    );
  if (env.VIPPS_API_BASE && mode === "production")
    problems.push("no VIPPS_API_BASE (production talks to Vipps MobilePay's own API only: another address would receive the keys)");
  else if (env.VIPPS_API_BASE && !isHttpUrl(env.VIPPS_API_BASE))
    problems.push("VIPPS_API_BASE (an http(s) address, or unset for Vipps MobilePay's own)");
  else if (env.VIPPS_API_BASE && namesWalletProductionApi(env.VIPPS_API_BASE))
    problems.push(
      `VIPPS_API_BASE names Vipps MobilePay's production API (${new URL(env.VIPPS_API_BASE).host}): the demo never takes real money; ` +
        "set a stand-in's address there, or unset it with VIPPS_TEST_MODE=1 for the test environment (apitest.vipps.no); real payments belong to API_MODE=production",
    );
  return {
    clientId: env.VIPPS_CLIENT_ID ?? "",
    clientSecret: env.VIPPS_CLIENT_SECRET ?? "",
    subscriptionKey: env.VIPPS_SUBSCRIPTION_KEY ?? "",
    msn: env.VIPPS_MSN ?? "",
    // The demo's SDK always calls the test environment: a stand-in only takes its place, so
    // a call that ever missed the stand-in would still move no money.
    testMode: testMode || mode === "demo",
    apiBase: env.VIPPS_API_BASE && mode === "demo" && isHttpUrl(env.VIPPS_API_BASE) ? new URL(env.VIPPS_API_BASE) : undefined,
  };
}

function smtpSettingsFrom(env: Record<string, string | undefined>, problems: string[]): SmtpSettings | undefined {
  if (!env.SMTP_URL && !env.SMTP_FROM) return undefined;
  let protocol = "";
  try {
    protocol = new URL(env.SMTP_URL ?? "").protocol;
  } catch {}
  if (protocol !== "smtp:" && protocol !== "smtps:")
    problems.push("SMTP_URL (smtp://user:password@host:587 or smtps://…:465, together with SMTP_FROM)");
  if (!/[^@\s<]+@[^@\s>]+\.[^@\s>]+/.test(env.SMTP_FROM ?? ""))
    problems.push('SMTP_FROM (the sender, e.g. "Demo Salon <booking@example.com>", together with SMTP_URL)');
  return { url: env.SMTP_URL ?? "", from: env.SMTP_FROM ?? "" };
}

function isHttpUrl(value: string | undefined): boolean {
  try {
    return /^https?:$/.test(new URL(value ?? "").protocol);
  } catch {
    return false;
  }
}
