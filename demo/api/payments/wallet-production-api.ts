/** Vipps MobilePay's own test environments: their keys move no real money. */
const WALLET_TEST_HOSTS = new Set(["apitest.vipps.no", "api.sandbox.mobilepay.dk"]);

/** The names Vipps MobilePay's hosts are registered under (vipps.no, mobilepay.dk, mobilepay.fi, vippsmobilepay.com…). */
const WALLET_DOMAIN_NAMES = new Set(["vipps", "mobilepay", "vippsmobilepay"]);

/**
 * Whether an address (VIPPS_API_BASE) names Vipps MobilePay's production API, where the
 * deployment's keys would take real money. Read as the fetch that calls it would read it
 * (the WHATWG URL: any case, a port, user info, a path, percent-escapes or another script's
 * full stops in the host, a trailing dot) and failing safe: every host of Vipps MobilePay's
 * own domains counts except their test environments (api.vipps.no, an alias unknown today,
 * MobilePay's Danish or Finnish hosts alike). A stand-in of one's own (a loopback address,
 * another domain) does not; what is no address at all is not this rule's to judge.
 */
export function namesWalletProductionApi(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.replace(/\.+$/, "");
  } catch {
    return false;
  }
  const labels = host.split(".");
  const domainName = labels.length >= 2 ? labels[labels.length - 2]! : "";
  return WALLET_DOMAIN_NAMES.has(domainName) && !WALLET_TEST_HOSTS.has(host);
}
