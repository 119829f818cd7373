import { escapeHtml } from "../html-escape.ts";
import type { Payment } from "./payment-row.ts";

/**
 * The payment simulator's page: what is being paid, and Pay / Decline buttons that
 * post back to the API. Plain HTML without script, so it works under any CSP.
 */
export function simulatorPage(payment: Payment, apiBase: string): string {
  const amount = `${payment.amount.toFixed(2)} ${payment.currency}`;
  const action = (outcome: string) => `${apiBase}/payments/${encodeURIComponent(payment.id)}/${outcome}`;
  const wallet = { vipps: "Mobile wallet (Vipps)", card: "Card payment", payu: "Card payment (PayU)" }[payment.method];
  const settled = payment.status !== "pending";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment simulator</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh; background: #f3f4f6; color: #111827; }
  main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 4px 24px #0002; max-width: 26rem; width: calc(100% - 2rem); box-sizing: border-box; }
  @media (max-width: 400px) { main { padding: 1.25rem; } }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 1rem 0; }
  .actions { display: flex; gap: .75rem; }
  button { flex: 1; font: inherit; padding: .75rem; border-radius: 8px; border: 1px solid #d1d5db; background: #fff; cursor: pointer; }
  button[value="pay"] { background: #15803d; color: #fff; border-color: #15803d; }
  small { color: #6b7280; }
</style>
</head>
<body>
<main>
  <h1>Payment simulator</h1>
  <small>${escapeHtml(wallet)} · no money moves</small>
  <p>${escapeHtml(payment.description || "Payment")}</p>
  <p class="amount">${escapeHtml(amount)}</p>
  ${
    settled
      ? `<p role="status">This payment is already ${escapeHtml(payment.status)}.</p>`
      : `<div class="actions">
    <form method="post" action="${escapeHtml(action("decline"))}"><button type="submit" name="outcome" value="decline">Decline</button></form>
    <form method="post" action="${escapeHtml(action("pay"))}"><button type="submit" name="outcome" value="pay">Pay</button></form>
  </div>`
  }
</main>
</body>
</html>`;
}
