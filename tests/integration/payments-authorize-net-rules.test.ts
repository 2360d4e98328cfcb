/**
 * Authorize.Net's transaction as it reaches the checkout, beyond tests/integration/payments-gateway-rules.test.ts
 * (docs/mutation-testing.md, run X): a captured transaction for a cancelled checkout. The module called directly,
 * the fake gateway (tests/fakes/payments.mjs) in this process; what needs no database is
 * tests/unit/payments-authorize-net-rules.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { useTestDatabase } from '../setup/db';
import { useEveryFakeGateway, checkoutState, placeCheckout, requestFor, storeReference } from './payment-fixtures';
import { authorizeNetProvider, handleAuthorizeNetDone, handleAuthorizeNetReturn } from '@/server/payments/authorize-net';

useTestDatabase();

const gateways = useEveryFakeGateway();

describe('Authorize.Net: a transaction for a checkout that cannot take it', () => {
  it('a captured transaction for a cancelled checkout is money to give back, not a payment (by trans id, then the return)', async () => {
    const c = await placeCheckout({ userId: gateways.userId, totals: [1234, 500], method: 8, gateway: 'authorize-net' });
    const start = await authorizeNetProvider.start(requestFor(c));
    if (start.kind !== 'client') throw new Error('Accept Hosted');
    await storeReference(c.paymentId, start.reference);
    await getDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderNo, c.orderNo));
    const tx = gateways.fake.authorizeNetPay(String(start.extra!.token), true);
    expect(await handleAuthorizeNetDone(tx.transId)).toEqual({ changed: true, orderIds: c.orderIds, paid: false, refundDue: true });
    expect(await handleAuthorizeNetReturn(start.reference)).toEqual({ changed: false, orderIds: c.orderIds, paid: false, refundDue: true });
    expect(await checkoutState(c.orderNo)).toEqual({ status: 'pending', reference: start.reference, paid: [0, 0], received: 0 });
  });
});
