import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { createSession } from '@/server/auth/sessions';
import { settleAfterAnswer } from '@/server/core/background';
import { readOutbox } from '@/server/mail/outbox';
import { useScratchOutbox } from './auth-helpers';
import { listApiRoutes, request } from './http';
import { makeProduct, shopBasics } from './cart-fixtures';
import { putInCart, shopper } from './checkout-fixtures';

// Issue 31: calls of the spec's section 7 that answered the catch-all 404.
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
  const call = (path: string, method = 'GET', body?: unknown) =>
    request(routes, path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { u, call };
}

const NO_ENDPOINT = /no API endpoint/i;

describe("the spec's section 7 spellings", () => {
  it('user/auth says who is signed in, and 401 for a guest', async () => {
    const { u, call } = await signedIn();
    const res = await call('/api/v1/user/auth');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ email: u.email });
    expect((await request(routes, '/api/v1/user/auth', { method: 'GET' })).status).toBe(401);
  });

  it('GET order/payment-tax/{address id} prices the checked lines for that address', async () => {
    const { u, call } = await signedIn();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 4000, stock: 5 });
    await putInCart(u.id, p.id, 1);
    const res = await call(`/api/v1/order/payment-tax/${u.addressId}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).data).toMatchObject({ totals: { subtotal: 4000 } });
  });

  it('GET order/send-order-email/{id} mails the confirmation again; another user gets 404', async () => {
    const { u, call } = await signedIn();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, stock: 5 });
    await putInCart(u.id, p.id, 1);
    const placed = (await (await call('/api/v1/order/action', 'POST', { address_id: u.addressId, payment_method: 2 })).json()).data;
    await settleAfterAnswer();
    const before = (await readOutbox(outbox)).filter((m) => m.to === u.email).length;
    const res = await call(`/api/v1/order/send-order-email/${placed.order_id}`);
    expect(res.status, await res.clone().text()).toBe(200);
    await settleAfterAnswer();
    expect((await readOutbox(outbox)).filter((m) => m.to === u.email)).toHaveLength(before + 1);
    const other = await signedIn();
    const res2 = await other.call(`/api/v1/order/send-order-email/${placed.order_id}`);
    expect(res2.status).toBe(404);
    expect((await res2.json()).message).not.toMatch(NO_ENDPOINT);
  });

  it('user/address/delete and user/card/delete, with the id in the path or the query; the /{id} forms stay', async () => {
    const { u, call } = await signedIn();
    const res = await call(`/api/v1/user/address/delete/${u.addressId}`, 'DELETE');
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await call(`/api/v1/user/address/${u.addressId}`)).status).toBe(404);
    const again = await signedIn();
    expect((await again.call(`/api/v1/user/address/delete?id=${again.u.addressId}`, 'DELETE')).status).toBe(200);
    const card = await call('/api/v1/user/card/delete/999999', 'DELETE');
    expect(card.status).toBe(404);
    expect((await card.json()).message).not.toMatch(NO_ENDPOINT);
    const cardQuery = await call('/api/v1/user/card/delete?id=999999', 'DELETE');
    expect([cardQuery.status, (await cardQuery.json()).message]).toEqual([404, expect.not.stringMatching(NO_ENDPOINT)]);
  });
});
