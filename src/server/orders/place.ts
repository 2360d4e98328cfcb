import { queueNewOrderMails } from '@/server/sellers/store-mail';
import { getDb, queryRows } from '@/server/db/client';
import { AppError, isAppError } from '@/server/core/errors';
import { refuseSuspendedStores } from '@/server/checkout/open-stores';
import { parseWith } from '@/server/core/validation';
import type { SessionUser } from '@/server/core/actor';
import { BankTransferSchema, type OrderActionInput } from '@/lib/schemas/checkout';
import { getSettings } from '@/server/settings/index';
import { queueOrderEmail } from '@/server/orders/email';
import { lockExistingCart } from '@/server/cart/owner';
import { quoteCheckout } from '@/server/checkout/quote';
import { NOTHING_SELECTED } from '@/server/checkout/messages';
import { providerFor } from '@/server/payments/registry';
import type { PaymentMethodId } from '@/server/payments/methods';
import type { PaymentProvider } from '@/server/payments/provider';
import { claimKey, rememberAnswer } from '@/server/orders/idempotency';
import { takeStock } from '@/server/orders/stock';
import { useVoucher } from '@/server/orders/voucher-use';
import { newOrderNo, removeCartLines, writeOrders, type WrittenOrder } from '@/server/orders/write';
import { ownAddress } from '@/server/orders/addresses';
import { setPaymentMethod, unpaidTwin } from '@/server/orders/reuse';
import { sql } from 'drizzle-orm';
import { shopBankAccount } from '@/server/payments/offered';

const BANK_FIELDS = ['transaction_id', 'bank_name', 'account_holder', 'account_number', 'branch_name'] as const;
const bankFieldsGiven = (input: OrderActionInput) => BANK_FIELDS.some((f) => input[f] !== undefined && input[f] !== '');

/** `order/action`'s answer (DESIGN.md checkout contract). */
export interface PlacedOrder {
  order_id: number;
  order_no: string;
  orders: WrittenOrder[];
  total: number;
  currency: string;
  payment: { method: number; status: 0 | 1; next: string | null };
}

/** Methods whose provider never leaves the shop (cash on delivery, bank transfer): the shopper goes straight to success. */
const OFFLINE_METHODS = new Set<number>([2, 7]);

export const successPath = (orderId: number) => `/user/order/success/${orderId}`;
export const failPath = (orderId: number) => `/user/order/fail/${orderId}`;
export const payPath = (orderId: number) => `/user/order/pay/${orderId}`;

/** The chosen method's provider, if it exists and is configured: never a fake success. */
export function chosenProvider(method: number): PaymentProvider {
  const provider = providerFor(method as PaymentMethodId);
  if (!provider?.configured()) throw methodUnavailable();
  return provider;
}

const methodUnavailable = () =>
  new AppError({
    code: 'VALIDATION',
    message: 'This payment method is not available. Choose another one.',
    details: { fields: { payment_method: 'This payment method is not available. Choose another one.' } },
  });

/**
 * Places the user's checked cart lines as one order per store, in ONE transaction: claims the
 * Idempotency-Key, locks the cart, prices everything again from the catalog (the request's amounts are
 * never read), takes the stock (conditional updates), takes a use of the voucher, writes orders, lines,
 * history and the payment row, removes the lines, queues the mails. Any failure rolls all of it back. A key seen before
 * answers the first order (`replayed`).
 */
export async function placeOrder(
  user: SessionUser,
  input: OrderActionInput,
  now = new Date(),
  /** When given, the confirmation mail is queued in the order's transaction (mail outbox). */
  mail?: { lang: string; origin: string; siteName: string },
): Promise<PlacedOrder & { replayed: boolean }> {
  const provider = chosenProvider(input.payment_method);
  const settings = await getSettings();
  const { setting } = settings;
  if (input.payment_method === 7 && !shopBankAccount(settings)) throw methodUnavailable();
  // The transfer's details are given from the order page after paying; a client may send them now.
  const details = input.payment_method === 7 && bankFieldsGiven(input) ? parseWith(BankTransferSchema, input) : null;
  const currency = setting.currency.toUpperCase();
  const key = input.idempotency_key;
  return getDb().transaction(async (tx) => {
    if (key) {
      const seen = await claimKey<PlacedOrder>(tx, user.id, key);
      if (seen) return { ...replayOf(seen.response), replayed: true };
    }
    const shipping = await ownAddress(tx, user.id, input.address_id, 'shipping');
    const billing = input.billing_address_id ? await ownAddress(tx, user.id, input.billing_address_id, 'any') : shipping;
    // The cart's row lock puts this user's checkouts one after another (per-user voucher limit, the lines).
    const cartId = await lockExistingCart(tx, { userId: user.id });
    if (cartId === null) throw new AppError({ code: 'VALIDATION', message: NOTHING_SELECTED });
    const quoteWith = (voucherCode: string | undefined) =>
      quoteCheckout(tx, user.id, { addressId: shipping.id, shippingType: input.shipping_type, voucherCode }, setting, now);
    const twinOf = (lines: Parameters<typeof unpaidTwin>[1]['lines'], voucherId: number | null) =>
      unpaidTwin(tx, {
        userId: user.id,
        addressId: shipping.id,
        shippingType: input.shipping_type,
        voucherId,
        lines,
        minutes: setting.unpaid_order_minutes,
        now,
      });
    let quote: Awaited<ReturnType<typeof quoteWith>>;
    let twin: Awaited<ReturnType<typeof twinOf>> = null;
    try {
      quote = await quoteWith(input.voucher_code);
    } catch (err) {
      // A voucher this shopper may use once (or the last use of one) is held by their own unpaid purchase of this
      // very cart: that purchase answers below, rather than a refusal of the voucher it already carries.
      if (!isAppError(err) || !input.voucher_code) throw err;
      quote = await quoteWith(undefined);
      const [held] = await queryRows<{ id: number }>(tx, sql`select id from vouchers where code = ${input.voucher_code}`);
      twin = held ? await twinOf(quote.problem ? [] : quote.stores.flatMap((s) => s.lines), held.id) : null;
      if (!twin) throw err;
    }
    if (quote.problem) throw new AppError({ code: 'VALIDATION', message: quote.problem });
    await refuseSuspendedStores(
      tx,
      quote.stores.map((s) => s.id),
    );
    const lines = quote.stores.flatMap((s) => s.lines);
    // The same cart placed again while its online payment is still open (a gateway failed, the shopper
    // pressed "Place order" again): that purchase answers, with the method chosen now; no second stock hold.
    twin ??= await twinOf(lines, quote.voucher?.id ?? null);
    if (twin) {
      await setPaymentMethod(tx, twin.order_no, input.payment_method, provider.gateway);
      if (details) await tx.execute(sql`update payments set details = ${JSON.stringify(details)}::jsonb where order_no = ${twin.order_no}`);
      await removeCartLines(
        tx,
        cartId,
        lines.map((l) => l.id),
      );
      const orderId = twin.orders[0]!.id;
      const again: PlacedOrder = {
        order_id: orderId,
        order_no: twin.order_no,
        orders: twin.orders,
        total: twin.total,
        currency: twin.currency,
        payment: { method: input.payment_method, status: 0, next: OFFLINE_METHODS.has(input.payment_method) ? successPath(orderId) : null },
      };
      if (key) await rememberAnswer(tx, user.id, key, twin.order_no, again);
      return { ...again, replayed: false };
    }
    // The stock and the voucher's use are taken first, before the order's rows are written. Taken last (to shorten
    // the time other buyers wait on the product's row), the lines' foreign keys had already share-locked the variant
    // and the product when the stock update came: a stock adjustment locking the same rows in its own order made a
    // deadlock on PostgreSQL (stock-ledger-concurrency.postgres.test.ts, about one run in five on a busy machine).
    await takeStock(
      tx,
      lines.map((l) => ({ productId: l.product_id, inventoryId: l.inventory_id, quantity: l.quantity, title: l.product.title })),
      { actorId: user.id },
    );
    if (quote.voucher) await useVoucher(tx, quote.voucher.id, user.id);
    const orderNo = newOrderNo(now);
    const orders = await writeOrders(
      tx,
      {
        userId: user.id,
        email: user.email,
        paymentMethod: input.payment_method,
        gateway: provider.gateway,
        currency,
        shippingType: input.shipping_type,
        shippingAddress: shipping,
        billingAddress: billing,
        note: input.note ?? '',
        paymentDetails: details,
        quote,
        commissionDefaultBp: settings.commission.default_rate_bp,
      },
      orderNo,
    );
    await removeCartLines(
      tx,
      cartId,
      lines.map((l) => l.id),
    );
    const orderId = orders[0]!.id;
    const placed: PlacedOrder = {
      order_id: orderId,
      order_no: orderNo,
      orders,
      total: quote.totals.total,
      currency,
      payment: { method: input.payment_method, status: 0, next: OFFLINE_METHODS.has(input.payment_method) ? successPath(orderId) : null },
    };
    if (key) await rememberAnswer(tx, user.id, key, orderNo, placed);
    if (mail) {
      await queueOrderEmail(tx, orderNo, mail, settings);
      await queueNewOrderMails(tx, orders, mail);
    }
    return { ...placed, replayed: false };
  });
}

/** The first answer to a key; one whose payment had not started yet sends the shopper to the pay page. */
function replayOf(first: PlacedOrder | null): PlacedOrder {
  if (!first) throw new AppError({ code: 'CONFLICT', message: 'This order is still being placed. Please wait a moment and reload.' });
  return { ...first, payment: { ...first.payment, next: first.payment.next ?? payPath(first.order_id) } };
}
