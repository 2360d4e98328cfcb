import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localsWith, startAstroRenderer, type AstroRenderer } from './astro-render';
import type { SessionUser } from '@/server/core/actor';

/**
 * The refund and return parts of the order pages (issue 32) drawn on their own: the operator's refund form
 * carries an Idempotency-Key drawn with the page and a quantity per line no more than is left; a return's
 * next steps only; the shopper's return form inside the 30 days (multipart, no JavaScript needed), and
 * the closed window after.
 */
let renderer: AstroRenderer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const parts: Record<string, any> = {};

beforeAll(async () => {
  renderer = await startAstroRenderer();
  for (const name of ['backoffice/RefundsPanel', 'backoffice/ReturnsPanel', 'orders/OrderReturns'])
    parts[name] = await renderer.load(`/src/components/${name}.astro`);
}, 60_000);
afterAll(() => renderer?.close());

const owner: SessionUser = { id: 1, name: 'Olga Owner', email: 'owner@example.com', roles: ['owner'], permissions: [], twoFactor: false };
const seller: SessionUser = { ...owner, id: 2, roles: ['seller'] };
const DAY = 86_400_000;

const order = (over: Record<string, unknown> = {}) => ({
  id: 41,
  order_no: 'VM-1',
  status: 'delivered',
  payment_status: 1,
  payment_method: 3,
  total: 5000,
  currency: 'USD',
  totals: { subtotal: 4000, shipping: 1000, discount: 0, tax: 0, total: 5000 },
  lines: [{ id: 7, product_id: 3, title: 'Desk lamp', image: null, attributes: '', unit_price: 2000, quantity: 2, line_total: 4000 }],
  payment: { method: 3, gateway: 'stripe', status: 'partly_refunded', details: null },
  refunded_total: 2000,
  refund_state: 'partly_refunded',
  refunds: [
    {
      id: 5,
      amount: 2000,
      currency: 'USD',
      reason: 'Scratched',
      at: new Date().toISOString(),
      lines: [{ line_id: 7, quantity: 1, amount: 2000 }],
      shipping: 0,
      restock: false,
      gateway: 'stripe',
      reference: 're_1',
      outside: false,
      return_id: null,
    },
  ],
  returns: [] as unknown[],
  return_until: new Date(Date.now() + 10 * DAY).toISOString(),
  ...over,
});

const draw = (name: string, user: SessionUser | null, props: Record<string, unknown>) =>
  renderer.container.renderToString(parts[name], { locals: localsWith({ user }), props });

describe('the operator’s refund panel', () => {
  it('lists the refunds and offers the form with a fresh Idempotency-Key and what is left per line', async () => {
    const html = await draw('backoffice/RefundsPanel', owner, { order: order(), area: 'admin' });
    expect(html).toContain('Partly refunded');
    expect(html).toContain('Scratched');
    expect(html).toMatch(/action="\/api\/v1\/admin\/orders\/41\/refunds"/);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(html)?.[1];
    expect(key).toMatch(/^[\w-]{36}$/);
    const again = await draw('backoffice/RefundsPanel', owner, { order: order(), area: 'admin' });
    expect(again).not.toContain(key);
    expect(html).toMatch(/name="qty_7"[^>]*max="1"/);
    expect(html).toContain('name="restock"');
    expect(html).toContain('Made outside the shop (not through stripe)');
  });

  it('no form for a seller, nor once everything is refunded', async () => {
    expect(await draw('backoffice/RefundsPanel', seller, { order: order(), area: 'seller' })).not.toContain('<form');
    const full = order({ refunded_total: 5000, refund_state: 'refunded' });
    expect(await draw('backoffice/RefundsPanel', owner, { order: full, area: 'admin' })).not.toContain('<form');
  });
});

describe('the return panel', () => {
  const asked = {
    id: 3,
    status: 'requested',
    reason: 'Flickers',
    lines: [{ line_id: 7, quantity: 1, title: 'Desk lamp' }],
    photos: ['/uploads/reviews/a.png'],
    decision_note: null,
    at: new Date().toISOString(),
    decided_at: null,
    received_at: null,
  };
  it('a request: approve and refuse (a seller too), no refund yet for the seller', async () => {
    const html = await draw('backoffice/ReturnsPanel', seller, { order: order({ returns: [asked] }), area: 'seller' });
    expect(html).toContain('action="/api/v1/seller/orders/41/returns/approve"');
    expect(html).toContain('action="/api/v1/seller/orders/41/returns/refuse"');
    expect(html).not.toContain('/returns/receive');
    expect(html).not.toContain('/refunds');
    expect(html).toContain('src="/uploads/reviews/a.png"');
  });
  it('received: the operator refunds it', async () => {
    const html = await draw('backoffice/ReturnsPanel', owner, {
      order: order({ returns: [{ ...asked, status: 'received' }] }),
      area: 'admin',
    });
    expect(html).toContain('action="/api/v1/admin/orders/41/refunds"');
    expect(html).toContain('name="return_id" value="3"');
    expect(html).not.toContain('/returns/approve');
  });
});

describe('the shopper’s returns', () => {
  it('inside the 30 days: the refunds said, and the return form (multipart, a quantity per line, photos)', async () => {
    const html = await draw('orders/OrderReturns', owner, { order: order() });
    expect(html).toContain('Refunded');
    expect(html).toContain('enctype="multipart/form-data"');
    expect(html).toMatch(/name="qty_7"[^>]*max="2"/);
    expect(html).toContain('name="photos"');
  });
  it('after the 30 days: the window is closed, no form', async () => {
    const html = await draw('orders/OrderReturns', owner, { order: order({ return_until: new Date(Date.now() - DAY).toISOString() }) });
    expect(html).toContain('return window closed on');
    expect(html).not.toContain('<form');
  });
});

describe('the timeline’s notes in the shopper’s language', () => {
  it('refund and return notes written in English are read in French', async () => {
    const { getT, translateMessage } = await import('@/i18n');
    const fr = await getT('fr');
    expect(translateMessage(fr, 'Return requested: It flickers')).toBe('Retour demandé : It flickers');
    expect(translateMessage(fr, 'Refunded 20.00 USD: Scratched')).toBe('20.00 USD remboursé : Scratched');
    expect(translateMessage(fr, 'Returned goods received')).toBe('Articles retournés reçus');
  });
});
