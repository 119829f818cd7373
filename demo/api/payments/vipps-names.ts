/**
 * The wallet gateway's names that its webhook route needs too, apart from the gateway
 * itself: the route is always mounted, the gateway (and its SDK) loaded only when the
 * wallet is configured (demo/server.ts).
 */

/** The gateway's name in payments.gateway. */
export const VIPPS = "vipps";

/** The webhook route, under the API's address. */
export const WALLET_WEBHOOK_PATH = "/payments/vipps/webhook";
