import { Agent, Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from "undici";

/** Vipps MobilePay's two API origins; the SDK picks one by its useTestMode option. */
export const WALLET_API_ORIGINS = ["https://api.vipps.no", "https://apitest.vipps.no"] as const;

/** Where this process sends Vipps MobilePay's calls: the origin itself, or a stand-in (VIPPS_API_BASE, tests only). */
let route: { agent: Agent; to: string | undefined } | undefined;

/**
 * The official SDK (@vippsmobilepay/sdk) calls the global fetch with a fixed origin and
 * no timeout of its own. So this process's fetch dispatcher is given one rule: a call to
 * a Vipps MobilePay origin goes through an agent whose connect, headers and body each
 * give up after `timeoutMs` (no request waits long on the wallet, as on Stripe), and, with
 * `to` (the tests' stand-in), to that origin instead. Every other fetch goes on through
 * the dispatcher it had. Installed once per process; a later call changes the rule.
 */
export function routeWalletCalls({ to, timeoutMs }: { to: URL | undefined; timeoutMs: number }): void {
  const agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const installed = route !== undefined;
  void route?.agent.close();
  route = { agent, to: to?.origin };
  if (installed) return;
  const rest = getGlobalDispatcher();
  class WalletRoute extends Dispatcher {
    override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
      const origin = String(options.origin ?? "").replace(/\/$/, "");
      if (route && (WALLET_API_ORIGINS as readonly string[]).includes(origin))
        return route.agent.dispatch(route.to ? { ...options, origin: route.to } : options, handler);
      return rest.dispatch(options, handler);
    }
  }
  setGlobalDispatcher(new WalletRoute());
}
