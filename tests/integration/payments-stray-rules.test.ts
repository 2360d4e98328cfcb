/**
 * Money a gateway collected that no order can take (payments/stray.ts), its functions called directly with the
 * fake gateway (tests/fakes/payments.mjs) in this process: the row recorded once per charge, the orders' notes,
 * the automatic refund (once, claimed, with the key derived from the row), what the operator reads in the row's
 * note, the log and the mail, and the shop commands (refunds, refund:retry, refund:done). The driver of the
 * module's mutation run (docs/mutation-testing.md, run U); payments-cancelled.test.ts drives the same through the
 * gateways' routes.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox } from './auth-helpers';
import { startFakePayments } from '../fakes/payments.mjs';
import { makeShopper, placeCheckout, TEST_KEYS } from './payment-fixtures';
import { getDb } from '@/server/db/client';
import { orders, orderStatusHistory, paymentRefunds } from '@/server/db/schema';
import {
  handleStray,
  listRefundsDue,
  markRefunded,
  recordStray,
  refundStray,
  retryRefund,
  type StrayCharge,
} from '@/server/payments/stray';
import { stripeProvider } from '@/server/payments/stripe';
import { getSettings, putSetting } from '@/server/settings';
import { readOutbox } from '@/server/mail/outbox';
import { log } from '@/server/core/logger.mjs';

const outbox = useScratchOutbox();
useTestDatabase();

const SHOP_MAIL = 'operator@shop.test';
let fake: Awaited<ReturnType<typeof startFakePayments>>;
let userId: number;
beforeAll(async () => {
  fake = await startFakePayments({
    stripe: {
      secretKey: TEST_KEYS.STRIPE_SECRET_KEY,
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    },
    deliver: async () => ({ status: 0 }),
  });
  Object.assign(process.env, TEST_KEYS, { STRIPE_API_BASE: fake.origin });
  await putSetting('setting', { ...(await getSettings()).setting, email: SHOP_MAIL });
  await putSetting('site_setting', { ...(await getSettings()).site_setting, site_name: 'Kilowatt' });
  userId = (await makeShopper()).id;
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

/** A cancelled two-store checkout and a Stripe intent really paid for it ($17.34), as a late payment leaves it. */
async function paidAfterCancel(totals = [1234, 500]) {
  const c = await placeCheckout({ userId, totals, method: 3, gateway: 'stripe' });
  await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, c.orderNo));
  const start = await stripeProvider.start({
    orderNo: c.orderNo,
    orderId: c.orderId,
    amount: c.amount,
    currency: 'USD',
    email: c.email,
    description: `Voltmart order ${c.orderNo}`,
    returnUrl: 'http://127.0.0.1/x',
    cancelUrl: 'http://127.0.0.1/y',
  });
  if (start.kind !== 'client') throw new Error('Stripe starts on the pay page');
  await fake.stripePay(start.reference);
  return { c, intent: start.reference };
}
const orderRowsOf = (orderNo: string) =>
  getDb().select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)).orderBy(asc(orders.id));
const record = async (stray: StrayCharge, rows?: { id: number; status: string }[]) => {
  const orderRows = rows ?? (await orderRowsOf(stray.orderNo));
  return getDb().transaction((tx) => recordStray(tx, stray, orderRows));
};
/** A stray charge of checkout `orderNo`: by default Stripe's $17.34 for a cancelled checkout. */
const charge = (orderNo: string, chargeRef: string, over: Partial<StrayCharge> = {}): StrayCharge => ({
  gateway: 'stripe',
  orderNo,
  chargeRef,
  amount: 1734,
  currency: 'USD',
  reason: 'cancelled',
  ...over,
});
/** A late Stripe payment for a cancelled checkout, recorded as stray: the checkout, the intent and the row's id. */
async function recordedLate(over: Partial<StrayCharge> = {}) {
  const { c, intent } = await paidAfterCancel();
  const { id } = await record(charge(c.orderNo, intent, over));
  return { c, intent, id };
}
/** A Flutterwave checkout (no refund API here) and a stray charge of it, recorded (`over` may name another gateway). */
async function flutterwaveStray(chargeRef: string, over: Partial<StrayCharge> = {}) {
  const c = await placeCheckout({ userId, totals: [1734], method: 5, gateway: 'flutterwave' });
  const { id } = await record(charge(c.orderNo, chargeRef, { gateway: 'flutterwave', ...over }));
  return { c, id };
}
/** An operator's refund of part of a Stripe charge (kind 'order'), beside the stray rows. */
const operatorRefund = (c: { orderNo: string; orderId: number }, chargeRef: string, amount: number, idempotencyKey: string) =>
  getDb()
    .insert(paymentRefunds)
    .values({
      orderNo: c.orderNo,
      gateway: 'stripe',
      chargeRef,
      amount,
      currency: 'USD',
      reason: 'operator',
      kind: 'order',
      orderId: c.orderId,
      idempotencyKey,
    })
    .returning();
const rowOf = async (id: number) => (await getDb().select().from(paymentRefunds).where(eq(paymentRefunds.id, id)))[0]!;
const notesOf = async (orderNo: string) => {
  const ids = (await orderRowsOf(orderNo)).map((o) => o.id);
  const all = await getDb()
    .select({ orderId: orderStatusHistory.orderId, status: orderStatusHistory.status, note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .orderBy(asc(orderStatusHistory.id));
  return all.filter((n) => ids.includes(n.orderId) && n.note !== 'Order placed');
};
const mailsAbout = async (orderNo: string) => (await readOutbox(outbox)).filter((m) => m.subject.includes(orderNo));

describe('recording a stray charge', () => {
  it('writes one row per charge (the currency upper case), a note on each order, and warns the operator in the log', async () => {
    const { c, intent } = await paidAfterCancel();
    const warn = vi.spyOn(log, 'warn');
    const info = vi.spyOn(log, 'info');
    const late = charge(c.orderNo, intent, { paymentRef: 'pi_payment', currency: 'usd', eventId: 'evt_1' });
    const first = await record(late);
    expect(first.created).toBe(true);
    expect(await rowOf(first.id)).toMatchObject({
      orderNo: c.orderNo,
      gateway: 'stripe',
      chargeRef: intent,
      paymentRef: 'pi_payment',
      amount: 1734,
      currency: 'USD',
      reason: 'cancelled',
      status: 'refund_due',
      kind: 'stray',
    });
    expect(await notesOf(c.orderNo)).toEqual(
      c.orderIds.map((orderId) => ({
        orderId,
        status: 'cancelled',
        note: 'Payment received for an order that cannot take it: refund due',
      })),
    );
    expect(warn).toHaveBeenCalledWith(
      { gateway: 'stripe', orderNo: c.orderNo, chargeRef: intent, amount: 1734, currency: 'usd', reason: 'cancelled', eventId: 'evt_1' },
      'payments: a payment arrived for an order that cannot take it; recorded as refund due',
    );
    // The same charge again (a webhook delivered twice): the same row, no second note, said in the log.
    const again = await record({ ...late, eventId: 'evt_2' });
    expect(again).toEqual({ id: first.id, created: false });
    expect(await notesOf(c.orderNo)).toHaveLength(2);
    expect(info).toHaveBeenCalledWith(
      { gateway: 'stripe', orderNo: c.orderNo, chargeRef: intent, eventId: 'evt_2', state: 'refund_due' },
      'payments: this charge is already recorded as refund due; nothing changed',
    );
  });

  it('keeps no payment reference when the gateway gave none, and writes no note without orders', async () => {
    const { c, intent } = await paidAfterCancel();
    const { id } = await record(charge(c.orderNo, intent, { reason: 'paid' }), []);
    expect(await rowOf(id)).toMatchObject({ paymentRef: null, reason: 'paid' });
    expect(await notesOf(c.orderNo)).toEqual([]);
  });

  it("finds the charge's own stray row, not an operator's refund of the same charge", async () => {
    const { c, intent } = await paidAfterCancel();
    await operatorRefund(c, intent, 100, 'k');
    const first = await record(charge(c.orderNo, intent));
    expect(await record(charge(c.orderNo, intent))).toEqual({ id: first.id, created: false });
  });
});

describe('the automatic refund and the mail', () => {
  it('refunds the whole charge once through its gateway, notes it on each order, and mails the operator "made"', async () => {
    const { c, intent, id } = await recordedLate({ paymentRef: 'pi_payment' });
    const info = vi.spyOn(log, 'info');
    await handleStray(id, true);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'refunded', note: null, refundAttempts: 1 });
    expect(fake.refunds.filter((r) => r.charge === intent)).toEqual([
      { gateway: 'stripe', charge: intent, amount: 1734, id: row.refundRef },
    ]);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.headers['idempotency-key']).toBe(
      `voltmart-refund-stripe-${intent}`,
    );
    expect((await notesOf(c.orderNo)).map((n) => n.note).slice(-2)).toEqual(['Refunded automatically', 'Refunded automatically']);
    expect(info).toHaveBeenCalledWith(
      { gateway: 'stripe', orderNo: c.orderNo, chargeRef: intent, refundRef: row.refundRef },
      'payments: refunded a payment the order could not take',
    );
    const mails = await mailsAbout(c.orderNo);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[SHOP_MAIL, `[Refund made] Order ${c.orderNo}: 17.34 USD through stripe`]]);
    expect(mails[0]!.text).toBe(
      [
        `stripe collected 17.34 USD for order ${c.orderNo}, but the order was cancelled.`,
        `Charge: ${intent} (payment pi_payment).`,
        `The shop refunded it automatically (refund ${row.refundRef}).`,
        '',
        `Sent by Kilowatt (payment_refunds #${id}).`,
      ].join('\n\n'),
    );
    // Delivered again: the row is refunded, nothing more is asked, no second mail.
    await handleStray(id, false);
    expect(await refundStray(id)).toBe('refund_due');
    expect(fake.refunds.filter((r) => r.charge === intent)).toHaveLength(1);
    expect(await mailsAbout(c.orderNo)).toHaveLength(1);
  });

  it('claims the row: a second attempt within five minutes asks nothing; after them it asks again', async () => {
    const { id } = await recordedLate();
    await getDb()
      .update(paymentRefunds)
      .set({ refundTriedAt: new Date(Date.now() - 290_000) })
      .where(eq(paymentRefunds.id, id));
    expect(await refundStray(id)).toBe('refund_due');
    expect((await rowOf(id)).refundAttempts).toBe(0);
    await getDb()
      .update(paymentRefunds)
      .set({ refundTriedAt: new Date(Date.now() - 310_000) })
      .where(eq(paymentRefunds.id, id));
    expect(await refundStray(id)).toBe('refunded');
    expect((await rowOf(id)).refundAttempts).toBe(1);
  });

  it("names an operator's refund row by the row, not the charge", async () => {
    const { c, intent } = await paidAfterCancel();
    const [row] = await operatorRefund(c, intent, 500, 'op-1');
    expect(await refundStray(row!.id)).toBe('refunded');
    expect(fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.headers['idempotency-key']).toBe(`voltmart-refund-row-${row!.id}`);
  });

  it('a gateway that refuses leaves it due with its reason for the operator, in the row, the log and the mail', async () => {
    const { c } = await paidAfterCancel();
    const { id } = await record(charge(c.orderNo, 'pi_never_paid', { reason: 'refunded' }));
    const error = vi.spyOn(log, 'error');
    await handleStray(id, true);
    const row = await rowOf(id);
    expect(row.status).toBe('refund_due');
    expect(row.note).toMatch(/^Automatic refund failed: ./);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ gateway: 'stripe', orderNo: c.orderNo, chargeRef: 'pi_never_paid', err: expect.anything() }),
      'payments: the automatic refund failed; the refund stays due',
    );
    const [mail] = await mailsAbout(c.orderNo);
    expect(mail!.subject).toBe(`[Refund due] Order ${c.orderNo}: 17.34 USD through stripe`);
    expect(mail!.text).toContain(`stripe collected 17.34 USD for order ${c.orderNo}, but the order was refunded.`);
    expect(mail!.text).toContain('Charge: pi_never_paid.');
    expect(mail!.text).toContain(
      `The money has not been given back yet: ${row.note}. Refund it, then run: npm run shop -- refund:done ${id}`,
    );
  });

  it('cuts a long refusal to 500 characters', async () => {
    const { id } = await recordedLate();
    vi.spyOn(stripeProvider, 'refund').mockRejectedValueOnce(new Error('x'.repeat(600)));
    expect(await refundStray(id)).toBe('refund_due');
    expect((await rowOf(id)).note).toBe(`Automatic refund failed: ${'x'.repeat(600)}`.slice(0, 500));
    vi.spyOn(stripeProvider, 'refund').mockRejectedValueOnce('plain words');
    await getDb().update(paymentRefunds).set({ refundTriedAt: null }).where(eq(paymentRefunds.id, id));
    expect(await refundStray(id)).toBe('refund_due');
    expect((await rowOf(id)).note).toBe('Automatic refund failed: plain words');
  });

  it('a gateway without a refund API here: due, with what the operator must do, in the row and the mail', async () => {
    const { c, id } = await flutterwaveStray('1000001', { paymentRef: '1000001', reason: 'paid' });
    await handleStray(id, true);
    const note = `flutterwave has no refund API here: refund it in the gateway's dashboard, then run npm run shop -- refund:done ${id}.`;
    expect(await rowOf(id)).toMatchObject({ status: 'refund_due', note });
    const [mail] = await mailsAbout(c.orderNo);
    expect(mail!.text).toContain('but the order was already paid.');
    expect(mail!.text).toContain('Charge: 1000001.');
    expect(mail!.text).toContain(`The money has not been given back yet: ${note}. Refund it`);
  });

  it('an error while refunding is logged and the mail still goes', async () => {
    const { c, id } = await flutterwaveStray('1000002');
    const error = vi.spyOn(log, 'error');
    const broken = new Error('database went away');
    vi.spyOn(getDb(), 'update').mockImplementationOnce(() => {
      throw broken;
    });
    await handleStray(id, true);
    expect(error).toHaveBeenCalledWith({ err: broken, refundId: id }, 'payments: the automatic refund failed; the refund stays due');
    // Nothing was tried, so the row has no note: the mail says only what to do.
    const mails = await mailsAbout(c.orderNo);
    expect(mails.map((m) => m.text)).toEqual([
      [
        `flutterwave collected 17.34 USD for order ${c.orderNo}, but the order was cancelled.`,
        'Charge: 1000002.',
        `The money has not been given back yet. Refund it, then run: npm run shop -- refund:done ${id}`,
        '',
        `Sent by Kilowatt (payment_refunds #${id}).`,
      ].join('\n\n'),
    ]);
  });

  it('a gateway this shop does not know: due, with what the operator must do', async () => {
    const { id } = await flutterwaveStray('tr_1', { gateway: 'mollie', currency: 'EUR' });
    expect(await refundStray(id)).toBe('refund_due');
    expect(await rowOf(id)).toMatchObject({
      status: 'refund_due',
      note: `mollie has no refund API here: refund it in the gateway's dashboard, then run npm run shop -- refund:done ${id}.`,
    });
  });

  it('refunds a charge whose checkout has no order left, and marks one refunded by hand, without notes', async () => {
    const { intent } = await paidAfterCancel();
    const gone = 'VM-NO-ORDERS-1';
    const { id } = await record(charge(gone, intent), []);
    expect(await refundStray(id)).toBe('refunded');
    expect(await rowOf(id)).toMatchObject({ status: 'refunded', note: null });
    const { id: byHand } = await record(charge(gone, '3000001', { gateway: 'flutterwave' }), []);
    await markRefunded(byHand, null);
    expect(await rowOf(byHand)).toMatchObject({ status: 'refunded', refundRef: 'manual', note: 'Refunded by hand' });
  });

  it('another reason is written as it is; no shop address: only the back office knows, said in the log', async () => {
    // A reason settle never gives (the column is free text): written as it is.
    const { c, id: own } = await flutterwaveStray('1000003', { reason: 'a reason of its own' as StrayCharge['reason'] });
    await handleStray(own, true);
    expect((await mailsAbout(c.orderNo))[0]!.text).toContain('but a reason of its own.');
    const { c: d, id } = await flutterwaveStray('1000004');
    const settings = await getSettings();
    await putSetting('setting', { ...settings.setting, email: '' });
    const warn = vi.spyOn(log, 'warn');
    try {
      await handleStray(id, true);
    } finally {
      await putSetting('setting', { ...settings.setting, email: SHOP_MAIL });
    }
    expect(await mailsAbout(d.orderNo)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      { refundId: id, orderNo: d.orderNo },
      'payments: no shop e-mail address is set; the refund due is only in the back office',
    );
    await handleStray(987_654, true);
  });

  it('the mail falls back to the name Voltmart when the shop has none', async () => {
    const { c, id } = await flutterwaveStray('1000005');
    const settings = await getSettings();
    await putSetting('site_setting', { ...settings.site_setting, site_name: '' });
    try {
      await handleStray(id, true);
    } finally {
      await putSetting('site_setting', { ...settings.site_setting, site_name: 'Kilowatt' });
    }
    expect((await mailsAbout(c.orderNo))[0]!.text).toContain(`Sent by Voltmart (payment_refunds #${id}).`);
  });
});

describe("the operator's commands", () => {
  it('lists what is still due, oldest first; refund:done marks one refunded by hand and notes it on each order', async () => {
    const c = await placeCheckout({ userId, totals: [1234, 500], method: 5, gateway: 'flutterwave' });
    const a = await record(charge(c.orderNo, '2000001', { gateway: 'flutterwave' }));
    const b = await record(charge(c.orderNo, '2000002', { gateway: 'flutterwave', reason: 'paid' }));
    const due = (await listRefundsDue()).map((r) => r.id);
    expect(due.indexOf(a.id)).toBeLessThan(due.indexOf(b.id));
    expect(due.indexOf(a.id)).toBeGreaterThanOrEqual(0);
    await markRefunded(a.id, 'wire 42');
    expect(await rowOf(a.id)).toMatchObject({ status: 'refunded', refundRef: 'manual', note: 'wire 42' });
    expect((await listRefundsDue()).map((r) => r.id)).not.toContain(a.id);
    expect((await notesOf(c.orderNo)).filter((n) => n.note === 'Refunded by the shop')).toHaveLength(2);
    await markRefunded(b.id, null);
    expect((await rowOf(b.id)).note).toBe('Refunded by hand');
    const noneDue = expect.objectContaining({ code: 'NOT_FOUND', message: `No refund due has the number ${a.id}.` });
    await expect(markRefunded(a.id, null)).rejects.toThrow(noneDue);
    await expect(retryRefund(a.id)).rejects.toThrow(noneDue);
  });

  it('refund:retry asks the gateway again at once, even inside the claim', async () => {
    const { intent, id } = await recordedLate();
    await getDb().update(paymentRefunds).set({ refundTriedAt: new Date() }).where(eq(paymentRefunds.id, id));
    expect(await refundStray(id)).toBe('refund_due');
    expect(await retryRefund(id)).toBe('refunded');
    expect(fake.refunds.filter((r) => r.charge === intent)).toHaveLength(1);
  });
});
