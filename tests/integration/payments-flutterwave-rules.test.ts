/**
 * Flutterwave's verified transaction as it reaches the checkout, beyond tests/integration/payments-gateway-rules.test.ts
 * (docs/mutation-testing.md, run X): which checkout a transaction's tx_ref names (the order number only from a tx_ref
 * made by `start`, the stored reference otherwise) and a successful transaction for a cancelled checkout. The module
 * called directly, the fake gateway (tests/fakes/payments.mjs) in this process; what needs no database is
 * tests/unit/payments-flutterwave-rules.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';
import { useTestDatabase } from '../setup/db';
import { useEveryFakeGateway, checkoutState, placeCheckout, requestFor, storeReference } from './payment-fixtures';
import { flutterwaveProvider, handleFlutterwaveReturn, handleFlutterwaveWebhook } from '@/server/payments/flutterwave';

useTestDatabase();

const gateways = useEveryFakeGateway();
afterEach(() => vi.restoreAllMocks());

const NOT_FOUND = expect.objectContaining({ code: 'NOT_FOUND', message: 'This payment does not belong to any order of this shop.' });

/** A two-store checkout (₦12.34 + ₦5.00), its payment row holding `reference`. */
async function checkout(reference: string | null = 'FLW-STORED-REF') {
  const c = await placeCheckout({ userId: gateways.userId, totals: [1234, 500], method: 5, gateway: 'flutterwave', currency: 'NGN' });
  if (reference) await storeReference(c.paymentId, reference);
  return c;
}
/** Flutterwave's verify answers this transaction (₦17.34, successful unless said otherwise). */
function verifies(tx: { tx_ref: string; status?: string; id?: number }) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
    new Response(
      JSON.stringify({
        status: 'success',
        data: { id: 7_000_001, amount: 17.34, currency: 'NGN', status: 'successful', ...tx },
      }),
    ),
  );
}
const returnOf = (id = '7000001') => new URLSearchParams({ status: 'successful', transaction_id: id });

describe('Flutterwave: the checkout a transaction names', () => {
  it("finds it by the order number only in a tx_ref start made (the order number, '-', 8 lower-case hex digits)", async () => {
    const c = await checkout();
    for (const txRef of [
      `${c.orderNo}-0badcafe1`,
      `${c.orderNo}-0BADCAFE`,
      `${c.orderNo}-0badcaf`,
      `${c.orderNo}-0badcafg`,
      `${c.orderNo}0badcafe`,
      `${c.orderNo}-0badcafe-`,
      c.orderNo,
      '-0badcafe',
      `another shop\n${c.orderNo}-0badcafe`,
    ]) {
      verifies({ tx_ref: txRef });
      await expect(handleFlutterwaveReturn(returnOf()), txRef).rejects.toThrow(NOT_FOUND);
    }
    expect(await checkoutState(c.orderNo)).toEqual({ status: 'pending', reference: 'FLW-STORED-REF', paid: [0, 0], received: 0 });
    verifies({ tx_ref: `${c.orderNo}-0badcafe` });
    expect(await handleFlutterwaveReturn(returnOf())).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
    expect(await checkoutState(c.orderNo)).toEqual({
      status: 'paid',
      reference: `${c.orderNo}-0badcafe`,
      paid: [1, 1],
      received: 2,
    });
  });

  it('a tx_ref start did not make finds the checkout whose stored reference it is', async () => {
    for (const reference of ['FLW-LEGACY-1', 'VM-OLD-0BADCAFE']) {
      const c = await checkout(reference);
      verifies({ tx_ref: reference, id: 7_000_002 });
      expect(await handleFlutterwaveReturn(returnOf('7000002')), reference).toEqual({ changed: true, orderIds: c.orderIds, paid: true });
      const [row] = await getDb().select().from(payments).where(eq(payments.id, c.paymentId));
      expect([row!.status, row!.gatewayRef, row!.chargeRef], reference).toEqual(['paid', reference, '7000002']);
    }
  });

  it('a successful transaction for a cancelled checkout is money to give back, not a payment (return and webhook)', async () => {
    const c = await checkout(null);
    const start = await flutterwaveProvider.start(requestFor(c));
    if (start.kind !== 'redirect') throw new Error('Flutterwave starts on its own page');
    await storeReference(c.paymentId, start.reference);
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, c.orderNo));
    const res = await fetch(`${start.url}/pay`, { redirect: 'manual' });
    const query = new URL(res.headers.get('location')!).searchParams;
    expect(await handleFlutterwaveReturn(query)).toEqual({ changed: true, orderIds: c.orderIds, paid: false, refundDue: true });
    const delivery = gateways.fake.deliveries.at(-1)!;
    expect(await handleFlutterwaveWebhook(delivery.body, delivery.headers['verif-hash']!)).toEqual({
      changed: false,
      orderIds: c.orderIds,
      paid: false,
      refundDue: true,
    });
    expect(await checkoutState(c.orderNo)).toEqual({ status: 'pending', reference: start.reference, paid: [0, 0], received: 0 });
  });
});
