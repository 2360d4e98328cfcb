import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { createSession } from '@/server/auth/sessions';
import { getDb, queryRows } from '@/server/db/client';
import { getSettings, putSetting } from '@/server/settings';
import { confirmTransfer } from '@/server/orders/life';
import { readOutbox } from '@/server/mail/outbox';
import { settleAfterAnswer } from '@/server/core/background';
import { useScratchOutbox } from './auth-helpers';
import { listApiRoutes, request } from './http';
import { makeProduct, shopBasics } from './cart-fixtures';
import { putInCart, shopper } from './checkout-fixtures';

useTestDatabase({ demo: true });
const outbox = useScratchOutbox();
const routes = listApiRoutes();
afterEach(settleAfterAnswer);

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

async function signedIn() {
  const u = await shopper();
  const { token } = await createSession(u.id, {});
  const call = (path: string, body: unknown, method = 'POST') =>
    request(routes, path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { u, call };
}

async function bankOrder() {
  const buyer = await signedIn();
  const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 2500, stock: 10 });
  await putInCart(buyer.u.id, p.id, 1);
  const res = await buyer.call('/api/v1/order/action', { address_id: buyer.u.addressId, payment_method: 7 });
  expect(res.status, await res.clone().text()).toBe(200);
  return { ...buyer, placed: (await res.json()).data as { order_id: number; order_no: string; total: number } };
}

const transfer = { transaction_id: 'TX-4455', bank_name: 'First Bank', account_holder: 'Test Shopper', account_number: '000123456', branch_name: 'Main' };
const detailsOf = async (orderNo: string) =>
  (await queryRows<{ details: Record<string, string> | null }>(getDb(), sql`select details from payments where order_no = ${orderNo}`))[0]!
    .details;

describe('bank transfer', () => {
  it("is placed without the shopper's transfer details, and the mail shows the shop's account with the order number as reference", async () => {
    const { u, placed } = await bankOrder();
    expect(await detailsOf(placed.order_no)).toBeNull();
    await settleAfterAnswer();
    const mail = (await readOutbox(outbox)).find((m) => m.to === u.email)!;
    const { bank_account: account } = await getSettings();
    expect(account.account_number).not.toBe('');
    expect(mail.text).toContain(account.account_number);
    expect(mail.text).toContain(account.bank_name);
    expect(mail.text).toContain(`Reference to quote: ${placed.order_no}`);
  });

  it('order/transaction keeps the details until the transfer is confirmed; refuses others, bad bodies and closed orders', async () => {
    const { call, placed } = await bankOrder();
    const missing = await call('/api/v1/order/transaction', { order_id: placed.order_id, transaction_id: 'TX' });
    expect([missing.status, (await missing.json()).message]).toEqual([422, 'Bank name is required']);
    for (const body of ['[1]', 'null', '"x"']) {
      const res = await call('/api/v1/order/transaction', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 400, message: 'The request body must be a JSON object with named fields.' });
    }
    const other = await signedIn();
    expect((await other.call('/api/v1/order/transaction', { order_id: placed.order_id, ...transfer })).status).toBe(404);
    const ok = await call('/api/v1/order/transaction', { order_id: placed.order_id, ...transfer });
    expect(ok.status).toBe(200);
    expect(await detailsOf(placed.order_no)).toEqual(transfer);
    await confirmTransfer(placed.order_id);
    const late = await call('/api/v1/order/transaction', { order_id: placed.order_id, ...transfer, transaction_id: 'TX-9' });
    expect([late.status, (await late.json()).message]).toEqual([422, 'This order no longer waits for a bank transfer.']);
    expect((await detailsOf(placed.order_no))?.transaction_id).toBe('TX-4455');
  });

  it("refuses a cash-on-delivery order's transfer details", async () => {
    const { u, call } = await signedIn();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, stock: 10 });
    await putInCart(u.id, p.id, 1);
    const placed = (await (await call('/api/v1/order/action', { address_id: u.addressId, payment_method: 2 })).json()).data;
    const res = await call('/api/v1/order/transaction', { order_id: placed.order_id, ...transfer });
    expect([res.status, (await res.json()).message]).toEqual([422, 'This order is not paid by bank transfer.']);
  });

  it('is not offered while the shop has no bank account', async () => {
    const before = (await getSettings()).bank_account;
    await putSetting('bank_account', { ...before, account_number: '', iban: '' });
    try {
      const { u, call } = await signedIn();
      const gateways = (await (await call('/api/v1/payment-gateway', null, 'GET')).json()).data.gateways as { id: number; enabled: boolean }[];
      expect(gateways.find((g) => g.id === 7)?.enabled).toBe(false);
      const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, stock: 10 });
      await putInCart(u.id, p.id, 1);
      const res = await call('/api/v1/order/action', { address_id: u.addressId, payment_method: 7 });
      expect([res.status, (await res.json()).message]).toEqual([422, 'This payment method is not available. Choose another one.']);
    } finally {
      await putSetting('bank_account', before);
    }
  });
});
