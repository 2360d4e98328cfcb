import { getDb } from '@/server/db/client';
import type { PaymentTaxInput } from '@/lib/schemas/checkout';
import { getSettings } from '@/server/settings/index';
import { quoteCheckout, type Quote } from '@/server/checkout/quote';

/** The quote of the user's checked lines for the /shipping and /checkout pages and `order/payment-tax` (read only). */
export async function previewCheckout(userId: number, input: PaymentTaxInput = {}, now = new Date()): Promise<Quote> {
  const { setting } = await getSettings();
  return quoteCheckout(
    getDb(),
    userId,
    { addressId: input.address_id, shippingType: input.shipping_type, voucherCode: input.voucher_code },
    setting,
    now,
  );
}

/** `order/payment-tax`: the tax and totals before paying, per store and overall. */
export async function paymentTax(userId: number, input: PaymentTaxInput) {
  const q = await previewCheckout(userId, input);
  return {
    rate_bp: q.tax.rate_bp,
    title: q.tax.title,
    tax: q.totals.tax,
    totals: q.totals,
    stores: q.stores.map((s) => ({
      store_id: s.id,
      subtotal: s.subtotal,
      discount: s.discount,
      shipping: s.shipping,
      tax: s.tax,
      total: s.total,
    })),
    voucher: q.voucher,
    problem: q.problem,
  };
}

/** `voucher/validity {code}`: what the code takes off the checked lines now, or (201) why it does not apply. */
export async function voucherValidity(userId: number, code: string) {
  const q = await previewCheckout(userId, { voucher_code: code });
  const v = q.voucher!;
  return { code: v.code, title: v.title, price_type: v.price_type, amount: v.amount, discount: v.discount };
}
