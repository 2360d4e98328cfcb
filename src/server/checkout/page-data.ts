import { isAppError } from '@/server/core/errors';
import { listAllAddresses, type Address } from '@/server/account/addresses';
import { offeredProviders } from '@/server/payments/offered';
import { PAYMENT_METHODS, type PaymentMethodId } from '@/server/payments/methods';
import { previewCheckout } from '@/server/checkout/preview';
import type { Quote } from '@/server/checkout/quote';

/** What /shipping and /checkout read from their query: the choices carried from one to the other. */
export interface CheckoutChoice {
  address_id?: number;
  /** Undefined: same as shipping. */
  billing_address_id?: number;
  shipping_type: 1 | 2;
  voucher?: string;
}

const idIn = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** Reads the choice from a page's query (bad values are ignored, never an error page). */
export function choiceOf(query: URLSearchParams): CheckoutChoice {
  const voucher = query.get('voucher')?.trim().slice(0, 64);
  return {
    address_id: idIn(query.get('address_id')),
    billing_address_id: idIn(query.get('billing_address_id')),
    shipping_type: query.get('shipping_type') === '2' ? 2 : 1,
    voucher: voucher || undefined,
  };
}

/** The query string that carries a choice to the next page. */
export function choiceQuery(c: CheckoutChoice, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (c.address_id) q.set('address_id', String(c.address_id));
  if (c.billing_address_id) q.set('billing_address_id', String(c.billing_address_id));
  q.set('shipping_type', String(c.shipping_type));
  if (c.voucher) q.set('voucher', c.voucher);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

export interface ShippingPage {
  shipping: Address[];
  billing: Address[];
  choice: CheckoutChoice;
  quote: Quote;
}

/** /shipping: the user's addresses, the chosen one (else the cart's, else the default) and the quote for it. */
export async function shippingPage(userId: number, query: URLSearchParams): Promise<ShippingPage> {
  const asked = choiceOf(query);
  // One read of the addresses; the quote for the asked address when it is the user's own (the cart's, else the default, when not).
  const { shipping, billing } = await listAllAddresses(userId);
  const own = shipping.find((a) => a.id === asked.address_id);
  const quote = await previewCheckout(userId, { address_id: own?.id, shipping_type: asked.shipping_type });
  const addressId = own?.id ?? quote.cart.address?.id ?? shipping[0]?.id;
  const ownBilling = [...billing, ...shipping].find((a) => a.id === asked.billing_address_id);
  return { shipping, billing, choice: { ...asked, address_id: addressId, billing_address_id: ownBilling?.id }, quote };
}

export interface PaymentTab {
  method: PaymentMethodId;
  name: string;
  gateway: string;
}

export interface CheckoutPage {
  choice: CheckoutChoice;
  quote: Quote;
  /** Why the voucher in the query does not apply (the quote is then without it). */
  voucherError: string | null;
  methods: PaymentTab[];
  /** Where the order goes and who is billed: shown with a change link (billing null: same as shipping). */
  shippingAddress: Address | null;
  billingAddress: Address | null;
}

/** /checkout: the quote for the carried choice (with the voucher when it applies) and the configured payment methods. */
export async function checkoutPage(userId: number, query: URLSearchParams): Promise<CheckoutPage> {
  const choice = choiceOf(query);
  const input = { address_id: choice.address_id, shipping_type: choice.shipping_type };
  let voucherError: string | null = null;
  let quote: Quote;
  try {
    quote = await previewCheckout(userId, { ...input, voucher_code: choice.voucher });
  } catch (err) {
    if (!isAppError(err) || !choice.voucher) throw err;
    voucherError = err.message;
    quote = await previewCheckout(userId, input);
  }
  // The two shown addresses from one read of the user's own (any kind, as before; another user's id finds none).
  const shippingId = choice.address_id ?? quote.cart.address?.id;
  const mine = shippingId || choice.billing_address_id ? await listAllAddresses(userId) : { shipping: [], billing: [] };
  const own = (id: number | undefined) => (id ? ([...mine.shipping, ...mine.billing].find((a) => a.id === id) ?? null) : null);
  const [shippingAddress, billingAddress] = [own(shippingId), own(choice.billing_address_id)];
  const methods = (await offeredProviders()).map((p) => ({ method: p.method, name: PAYMENT_METHODS[p.method], gateway: p.gateway }));
  return { choice, quote, voucherError, methods: methods.sort((a, b) => a.method - b.method), shippingAddress, billingAddress };
}
