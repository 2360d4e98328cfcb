import { defineAction } from '@/server/core/action';
import { signedInUser } from '@/server/core/actor';
import { OrderActionSchema, OrderIdSchema, OrderTransactionSchema, PaymentMethodChangeSchema, PaymentTaxSchema, VisitedPageSchema, VoucherValiditySchema } from '@/lib/schemas/checkout';
import { placeOrder } from '@/server/orders/place';
import { startPayment } from '@/server/orders/after';
import { resendOrderEmail } from '@/server/orders/email';
import { recordVisit, updateVisit } from '@/server/orders/visits';
import { paymentTax, voucherValidity } from '@/server/checkout/preview';
import { CancelOrderSchema } from '@/lib/schemas/orders';
import { cancelOrder } from '@/server/orders/life';
import { sendStatusMails } from '@/server/orders/status-email';
import { runAfterAnswer } from '@/server/core/background';
import { saveTransferDetails } from '@/server/orders/transfer';
import { switchPaymentMethod } from '@/server/orders/repay';

/** POST order/action (Idempotency-Key header or the form's hidden `idempotency_key`) → `{order_id, orders, total, payment}`. */
export const placeOrderAction = defineAction({
  name: 'order.place',
  input: OrderActionSchema,
  auth: 'user',
  run: async (input, actor) => {
    const user = signedInUser(actor);
    const placed = await placeOrder(user, input);
    if (placed.replayed) return placed;
    return { ...(await startPayment(placed, user, actor, input.idempotency_key)), replayed: false };
  },
  message: 'checkout.placed',
  data: ({ replayed: _replayed, ...placed }) => placed,
  back: (result) => result.payment.next ?? `/user/order/${result.order_id}`,
});

/** POST order/payment-tax `{address_id?, shipping_type?, voucher_code?}` → tax and totals before paying. */
export const paymentTaxAction = defineAction({
  name: 'order.tax',
  input: PaymentTaxSchema,
  auth: 'user',
  run: (input, actor) => paymentTax(signedInUser(actor).id, input),
  message: 'checkout.taxReady',
});

/** POST voucher/validity `{code}` → `{code, price_type, amount, discount}`, or 201 with the reason. */
export const voucherValidityAction = defineAction({
  name: 'voucher.validity',
  input: VoucherValiditySchema,
  auth: 'user',
  run: (input, actor) => voucherValidity(signedInUser(actor).id, input.code),
  message: 'checkout.voucherApplied',
  back: (_r, input) => `/checkout?voucher=${encodeURIComponent(input.code)}`,
});

/** POST order/send-order-email `{order_id}`: the confirmation again. */
export const sendOrderEmailAction = defineAction({
  name: 'order.email',
  input: OrderIdSchema,
  auth: 'user',
  run: (input, actor) => resendOrderEmail(signedInUser(actor).id, input.order_id, actor),
  message: 'checkout.emailSent',
});

/** POST visited-pages/{order_id} `{link}`: the first visit (count 1). */
export const recordVisitAction = defineAction({
  name: 'visit.record',
  input: VisitedPageSchema,
  auth: 'user',
  run: (input, actor) => recordVisit(signedInUser(actor).id, input.order_id, input.link),
  message: 'checkout.visitRecorded',
});

/** PUT visited-pages/{order_id} `{link, visit_count}`. */
export const updateVisitAction = defineAction({
  name: 'visit.update',
  input: VisitedPageSchema,
  auth: 'user',
  run: (input, actor) => updateVisit(signedInUser(actor).id, input.order_id, input.link, input.visit_count ?? 1),
  message: 'checkout.visitRecorded',
});

/** POST cancellation/cancel-order `{order_id, reason}`: the shopper's own order, until shipped; the mail goes after the answer. */
export const cancelOrderAction = defineAction({
  name: 'order.cancel',
  input: CancelOrderSchema,
  auth: 'user',
  run: async (input, actor) => {
    const change = await cancelOrder(signedInUser(actor).id, input.order_id, input.reason);
    runAfterAnswer('cancel-mail', async () => {
      await sendStatusMails([change], actor, input.reason);
    });
    return change;
  },
  message: 'orders.cancelled',
  data: (c) => ({ order_id: c.order_id, status: c.to }),
  back: (c) => `/user/order/${c.order_id}`,
});

/** POST order/transaction `{order_id, transaction_id, bank_name, account_holder, account_number, branch_name}`: the transfer's details. */
export const orderTransactionAction = defineAction({
  name: 'order.transaction',
  input: OrderTransactionSchema,
  auth: 'user',
  run: (input, actor) => {
    const { order_id: orderId, ...details } = input;
    return saveTransferDetails(signedInUser(actor).id, orderId, details);
  },
  message: 'orders.transferSaved',
  back: (r) => `/user/order/${r.order_id}#transfer`,
});

/** POST order/payment-method `{order_id, payment_method}`: an unpaid order paid another way; lands where that method goes. */
export const paymentMethodChangeAction = defineAction({
  name: 'order.payment-method',
  input: PaymentMethodChangeSchema,
  auth: 'user',
  run: (input, actor) => switchPaymentMethod(signedInUser(actor), input.order_id, input.payment_method, actor),
  message: 'orders.methodChanged',
  back: (r) => r.next,
});
