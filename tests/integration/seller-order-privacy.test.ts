/**
 * Isolation of shoppers' data (issue 35): a seller's order page and API give what shipping the order needs — its
 * address, email and phone — and not the shopper's account, its account name and phone, or the billing address; the
 * operator still sees them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orders, users } from '@/server/db/schema';
import { account, api, makeOrder, twoStores, type Account } from './backoffice-fixtures';

useTestDatabase({ demo: true });

let seller: Account;
let owner: Account;
let orderId: number;

beforeAll(async () => {
  const [storeA] = await twoStores();
  seller = await account(['seller'], [], [storeA]);
  owner = await account(['owner']);
  const buyer = await account([]);
  await getDb().update(users).set({ name: 'Account Name', phone: '999-000-1111' }).where(eq(users.id, buyer.id));
  orderId = await makeOrder(storeA, { userId: buyer.id, phone: '5125550100' });
  await getDb()
    .update(orders)
    .set({ billingAddress: { name: 'Billing Person', address_1: '9 Bill St', city: 'Dallas', country: 'US', state: 'TX', zip: '75201' } })
    .where(eq(orders.id, orderId));
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const orderAs = async (who: Account, area: string) => ((await (await api(`/api/v1/${area}/orders/${orderId}`, who)).json()) as any).data;

describe('what a seller sees of the shopper', () => {
  it('the shipping address, email and phone of the order; no account, account name or phone, nor billing address', async () => {
    const mine = await orderAs(seller, 'seller');
    expect(mine.shipping_address).toMatchObject({ name: 'Bea Buyer', address_1: '1 Main St' });
    expect(mine.customer).toEqual({ id: null, name: 'Bea Buyer', email: mine.email, phone: '5125550100' });
    expect(mine.billing_address).toBeNull();
    expect(JSON.stringify(mine)).not.toContain('Account Name');
    expect(JSON.stringify(mine)).not.toContain('9 Bill St');
  });

  it('the operator sees the account and the billing address', async () => {
    const all = await orderAs(owner, 'admin');
    expect(all.customer).toMatchObject({ name: 'Account Name', phone: '999-000-1111' });
    expect(all.customer.id).toEqual(expect.any(Number));
    expect(all.billing_address).toMatchObject({ address_1: '9 Bill St' });
  });
});
