import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { createSession } from '@/server/auth/sessions';
import { listApiRoutes, request } from './http';
import { shopper } from './checkout-fixtures';

// Issue 31: cart/change took an array, null, a string or wrong types as a success. Every endpoint that
// reads a body refuses one that is not an object, with a 4xx and the envelope.
useTestDatabase({ demo: true });
const routes = listApiRoutes();

async function caller() {
  const u = await shopper();
  const { token } = await createSession(u.id, {});
  return (path: string, body: string) =>
    request(routes, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
}

const ENDPOINTS = [
  '/api/v1/cart/change',
  '/api/v1/cart/action',
  '/api/v1/order/action',
  '/api/v1/order/transaction',
  '/api/v1/voucher/validity',
  '/api/v1/user/address/action',
  '/api/v1/contact',
];

describe('a body that is not an object', () => {
  it.each(ENDPOINTS)('%s refuses it with a 400 and the envelope', async (path) => {
    const call = await caller();
    for (const body of ['[1, 2]', 'null', '"checked"', '42', 'true']) {
      const res = await call(path, body);
      expect(res.status, `${path} ${body}`).toBe(400);
      expect(await res.json()).toEqual({
        status: 400,
        message: 'The request body must be a JSON object with named fields.',
        data: expect.anything(),
      });
    }
  });
});

describe('cart/change', () => {
  it('refuses wrong types', async () => {
    const call = await caller();
    const cases: [unknown, string][] = [
      [{ checked: true }, 'Cart lines must be a list of cart line ids.'],
      [{ unchecked: { id: 1 } }, 'Cart lines must be a list of cart line ids.'],
      [{ checked: [1], isBundle: 'yes' }, 'isBundle must be true or false.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('/api/v1/cart/change', JSON.stringify(body));
      const json = await res.json();
      expect([res.status, json.message], JSON.stringify(body)).toEqual([422, message]);
    }
  });
});
