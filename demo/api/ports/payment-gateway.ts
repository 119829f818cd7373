import type { OnlinePaymentMethod } from "booking-widget/contract";

/** What the API asks a gateway to take: computed by the server, never the client's. */
export interface CheckoutRequest {
  /** The API's own payment id (32 hex), told back in the return address and in the gateway's metadata. */
  paymentId: string;
  /** In the currency's major unit (50 is 50.00 USD). */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
  customerEmail: string;
  /** Where the visitor goes after paying, and after giving up; both carry paymentId. */
  successUrl: string;
  cancelUrl: string;
  /** This API's address (PUBLIC_URL or the request's origin, then /api), for a gateway's own pages. */
  apiUrl: string;
  /** When the checkout must stop taking money: the booking's hold ends then. */
  expiresAt: Date;
  providerId: number | null;
  appointmentId: number | null;
  /** The account at the gateway the money goes to (a merchant serial number, a connected account); null: the deployment's own. */
  account: string | null;
  /** What the platform keeps of it on the page's own account (major units; 0: nothing). */
  platformFee: number;
}

/** A payment at its gateway: its reference there, and the account that holds it (null: the deployment's own). */
export interface GatewayPayment {
  reference: string;
  account: string | null;
}

/** How the visitor reaches the gateway's page (spec §4 "Payment form": a form to post, or a redirect). */
export type CheckoutStart = {
  reference: string | null;
  /** The account that holds the checkout, when the gateway chose it (its default merchant serial number). */
  account?: string | null;
} & ({ redirectUrl: string } | { formAction: string; formFields: Record<string, string> });

/**
 * What a gateway says of one of its payments, in the API's terms. `account` (when the
 * gateway tells it) is the account that holds it: a verdict from another account than
 * the payment's settles nothing.
 */
export type GatewayVerdict = { account?: string | null } & VerdictOutcome;

type VerdictOutcome =
  /** Money was taken: amount (major unit) and currency as the gateway took them. */
  | { outcome: "paid"; reference: string; paymentId: string; amount: number; currency: string }
  | {
      outcome: "declined" | "expired";
      reference: string;
      paymentId: string;
      /**
       * Declined after the checkout had completed (a method that settles later, which then
       * failed): the visitor left believing it paid, saw no decline, and is told.
       */
      settlingFailed?: boolean;
    }
  /** Still open (not paid), or (`settling`) completed by a method whose money has not arrived yet. */
  | { outcome: "open"; reference: string; paymentId: string; settling?: boolean };

/**
 * A payment gateway behind the spec's online-payment flow (payu/initiate). The API
 * computes what is paid; the gateway takes it and later tells the verdict, through
 * its own routes (a signed webhook, the simulator's buttons) or when asked (`lookup`,
 * on the visitor's return). Stripe Checkout and the demo's simulator are the two;
 * another (a form-post provider, a mobile wallet) is added the same way.
 */
export interface PaymentGateway {
  /** Stored with each payment: a payment is settled only by the gateway that took it. */
  readonly name: string;
  /** The shortest time a checkout stays open (Stripe's is 30 minutes): a booking's hold is stretched to cover it. */
  readonly minimumCheckoutMinutes: number;
  /** Whether it takes the spec's plain payu/initiate (the client's amount, no held booking): the demo's simulator only. */
  readonly takesClientAmounts: boolean;
  /** Starts a checkout; `attemptKey` is sent as the gateway's idempotency key, one per attempt. */
  start(request: CheckoutRequest, attemptKey: string): Promise<CheckoutStart>;
  /** Asks the gateway what became of a checkout (the visitor came back before its webhook). */
  lookup?(payment: GatewayPayment): Promise<GatewayVerdict>;
  /** The visitor gave up on the gateway's page: closes the checkout, and tells what became of it (paid meanwhile, or expired). */
  cancel?(payment: GatewayPayment): Promise<GatewayVerdict>;
  /**
   * A gateway that only reserves the money when the visitor pays (the mobile wallet)
   * takes it once the booking is confirmed: the capture worker calls this after commit.
   * Resolves when the amount is captured (now or before: an answer lost); throws
   * CaptureVoid when nothing is left to capture (the reservation went back or lapsed),
   * any other error when trying again may help.
   */
  capture?(payment: GatewayPayment, amount: { amount: number; currency: string }): Promise<void>;
  /**
   * Gives money of a paid checkout back: all of it (`whole`), or an amount of it (the share
   * of cancelled occurrences of a series). `attemptKey` is the idempotency key of this
   * attempt (a new one per attempt); a refund made before whose answer was lost is found
   * again (a whole refund is refused as already refunded, a share is known by its id), so
   * money is never given back twice. Resolves when the gateway took it, or says it was
   * made before; throws RefundRefused when the gateway refuses it for good, any other
   * error when trying again may help.
   */
  refund?(payment: GatewayPayment, refund: GatewayRefund, attemptKey: string): Promise<"refunded" | "already-refunded">;
}

/** A refund asked of a gateway: this refund's own id, its payment, and what goes back. */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  /** In the currency's major units (50.5 USD). */
  amount: number;
  currency: string;
  /** All the money taken goes back (then `amount` is all of it). */
  whole: boolean;
  /**
   * What the payment's earlier refunds gave back (major units). The refund worker makes
   * one refund of a payment at a time, so a gateway that cannot find a refund by its id
   * tells one made before (its answer lost) by the total it holds as refunded.
   */
  refundedBefore: number;
}

/** A refund the gateway refuses for good (a disputed charge, a payment it does not know): trying again cannot help. */
export class RefundRefused extends Error {
  override name = "RefundRefused";
}

/** Nothing is left to capture: the reservation was given back, or lapsed, before the capture was made. */
export class CaptureVoid extends Error {
  override name = "CaptureVoid";
}

/** The deployment's gateways by the spec's payment method (a provider's onlineTransactionProvider). */
export type PaymentGateways = Partial<Record<OnlinePaymentMethod, PaymentGateway>>;

/** The deployment's gateway of this name (payments.gateway), while it still has it. */
export function gatewayNamed(deps: { gateways: PaymentGateways }, name: string): PaymentGateway | undefined {
  return Object.values(deps.gateways).find((gateway) => gateway?.name === name);
}
