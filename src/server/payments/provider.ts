/**
 * The one interface every payment method implements (one provider per file in this folder).
 * Checkout places the orders, writes one `payments` row per `order_no` (status 'pending',
 * the method, the provider's `gateway` name, the amount in minor units and the currency) and then
 * asks the chosen provider how the shopper pays. Whatever a gateway later reports reaches the order
 * only through `settlePayment` (payments/settle.ts): one transaction, applied once per payment.
 */
import type { PaymentMethodId } from '@/server/payments/methods';

/** What a provider needs to start collecting a checkout's money. */
export interface PaymentRequest {
  /** The checkout's `order_no` (one per purchase; it groups the per-store orders). */
  orderNo: string;
  /** The first order's id: the success, fail and pay pages are addressed by it. */
  orderId: number;
  /** The whole purchase, in the currency's minor unit (cents for USD). */
  amount: number;
  /** ISO 4217, upper case (`USD`). */
  currency: string;
  email: string;
  /** One line a person reads on the gateway's page ("Voltmart order 2026-000123"). */
  description: string;
  /** Absolute URLs (from PUBLIC_URL, never a request's Host) the gateway sends the shopper back to. */
  returnUrl: string;
  cancelUrl: string;
}

/** How the shopper goes on after the orders are placed. */
export type PaymentStart =
  /** Cash on delivery, bank transfer: nothing to do now; the order stays unpaid. */
  | { kind: 'offline' }
  /** A hosted page of the gateway (PayPal approve link, Flutterwave, Iyzico, Authorize.Net Accept Hosted). */
  | { kind: 'redirect'; reference: string; url: string }
  /** Paid on our pay page with the gateway's own script (Stripe Payment Element, Razorpay Checkout). */
  | { kind: 'client'; reference: string; publicKey: string; clientSecret?: string; extra?: Record<string, unknown> };

export interface PaymentProvider {
  method: PaymentMethodId;
  /** Stored in `payments.gateway`: 'cod', 'bank', 'stripe', 'razorpay', 'paypal', … */
  gateway: string;
  /** Offered (in `payment-gateway` and the checkout tabs) only when this is true: never a fake success. */
  configured(env?: NodeJS.ProcessEnv): boolean;
  /** The public key a browser may see, if the method has one. */
  publicKey?(env?: NodeJS.ProcessEnv): string | null;
  /** Called after the orders are committed; may be called again to retry an unpaid order. */
  start(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * The pay page, for a reference stored earlier: the same payment again when the gateway can still
   * take it (a Stripe intent not yet paid), or null to start a new one.
   */
  resume?(reference: string, request: PaymentRequest): Promise<PaymentStart | null>;
  /**
   * Gives back `amount` of the charge `chargeRef` (the whole charge the shop cannot keep, payments/stray.ts,
   * or part of it, an operator's refund, orders/refunds.ts), sent with `idempotencyKey` so a retry is one
   * refund at the gateway. Only gateways with a refund API implement it (Stripe, Razorpay, PayPal).
   */
  refund?(charge: RefundRequest): Promise<{ reference: string }>;
  /**
   * Stops a payment still in progress at the gateway when its checkout is cancelled (Stripe: cancels the
   * PaymentIntent). Returns false when the gateway could not stop it (already paid, processing).
   */
  cancelPending?(reference: string): Promise<boolean>;
}

export interface RefundRequest {
  chargeRef: string;
  /** Minor units, as the charge was made. */
  amount: number;
  currency: string;
  idempotencyKey: string;
  /** What the shop refunded of this charge before (partial refunds); Razorpay, which takes no key, reads it. */
  refundedBefore?: number;
  /** Why, for the gateway's dashboard. */
  note?: string;
}
