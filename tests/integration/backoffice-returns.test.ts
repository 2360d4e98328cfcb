/**
 * Returns, the spec's 30-day refund (issue 32): on a delivered order, within 30 days of delivery, the shopper
 * asks to return lines with a reason and photos (JSON, a plain form, multipart); day 31 is refused. The
 * operator or the order's seller approves or refuses with a reason and marks the goods received — stock comes
 * back then, never before —, the operator refunds the return; each step is mailed and on the order's page.
 * A seller of another store gets 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox } from './auth-helpers';
import { makeShopper } from './payment-fixtures';
import { account, api, makeOrder, signIn, twoStores, type Account } from './backoffice-fixtures';
import { listApiRoutes, request } from './http';
import { getDb } from '@/server/db/client';
import { orderLines, orderReturns, orderStatusHistory, orders, products } from '@/server/db/schema';
import { settleAfterAnswer } from '@/server/core/background';
import { lastMailTo } from '@/server/mail/outbox';
import { orderOfUser } from '@/server/orders/by-user';

useTestDatabase({ demo: true });
const outbox = useScratchOutbox();

let owner: Account;
let seller: Account;
let shopper: Account;
let stores: [number, number];
let productId: number;
const DAY = 86_400_000;
const routes = listApiRoutes();

beforeAll(async () => {
  stores = await twoStores();
  owner = await account(['owner']);
  seller = await account(['seller'], [], [stores[0]]);
  const user = await makeShopper('Rita Returner');
  shopper = { id: user.id, email: user.email, cookie: await signIn(user.id) };
  const [p] = await getDb().select({ id: products.id }).from(products).where(eq(products.storeId, stores[0])).limit(1);
  productId = p!.id;
});

const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A paid order of the shopper delivered `daysAgo` days ago: two of the product at 20.00 each; its line id. */
async function delivered(daysAgo: number, storeId = stores[0]) {
  const id = await makeOrder(storeId, { status: 'delivered', email: shopper.email });
  await getDb().update(orders).set({ userId: shopper.id, paymentStatus: 1, subtotal: 4000, total: 4000 }).where(eq(orders.id, id));
  const [line] = await getDb()
    .insert(orderLines)
    .values({ orderId: id, productId, title: 'Return test lamp', unitPrice: 2000, quantity: 2, lineTotal: 4000 })
    .returning({ id: orderLines.id });
  await getDb()
    .insert(orderStatusHistory)
    .values({ orderId: id, status: 'delivered', createdAt: new Date(Date.now() - daysAgo * DAY) });
  return { id, lineId: line!.id };
}

const ask = (body: Record<string, unknown>) => api('/api/v1/order/returns', shopper, { body });
const step = (who: Account, area: 'admin' | 'seller', orderId: number, what: string, body: Record<string, unknown>) =>
  api(`/api/v1/${area}/orders/${orderId}/returns/${what}`, who, { body });
const stockOf = async () => (await getDb().select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;
const returnRow = async (id: number) => (await getDb().select().from(orderReturns).where(eq(orderReturns.id, id)))[0]!;

describe('asking a return', () => {
  it('within 30 days: the lines and reason are kept, the shopper is mailed, the order page shows it', async () => {
    const { id, lineId } = await delivered(29);
    const res = await ask({ order_id: id, reason: 'It flickers', lines: [{ line_id: lineId, quantity: 1 }] });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ order_id: id, status: 'requested' });
    expect(await returnRow(data.return_id)).toMatchObject({
      status: 'requested',
      reason: 'It flickers',
      lines: [{ line_id: lineId, quantity: 1 }],
    });
    await settleAfterAnswer();
    expect((await lastMailTo(outbox, shopper.email))?.subject).toContain(`#${id}`);
    const page = await orderOfUser(shopper.id, id);
    expect(page.returns).toEqual([
      expect.objectContaining({ status: 'requested', lines: [{ line_id: lineId, quantity: 1, title: 'Return test lamp' }] }),
    ]);
    // No more than bought, counting what is asked already.
    const more = await ask({ order_id: id, reason: 'Both', lines: [{ line_id: lineId, quantity: 2 }] });
    expect(more.status).toBe(422);
    expect((await json(more)).message).toBe('At most 1 of "Return test lamp" can still be returned.');
  });

  it('day 31 is refused with the reason; an order not delivered cannot be returned', async () => {
    const { id, lineId } = await delivered(31);
    const res = await ask({ order_id: id, reason: 'Too late?', lines: [{ line_id: lineId, quantity: 1 }] });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe("Returns are accepted within 30 days of delivery; this order's return window has closed.");
    const pending = await makeOrder(stores[0], { email: shopper.email });
    await getDb().update(orders).set({ userId: shopper.id }).where(eq(orders.id, pending));
    const early = await ask({ order_id: pending, reason: 'Early', lines: [{ line_id: lineId, quantity: 1 }] });
    expect((await json(early)).message).toBe('Only a delivered order can be returned.');
    expect(await getDb().select().from(orderReturns).where(eq(orderReturns.orderId, id))).toEqual([]);
  });

  it('works without JavaScript: a multipart form with quantities per line and a photo, answered with a redirect', async () => {
    const { id, lineId } = await delivered(2);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('_from', `/user/order/${id}`);
    form.set('order_id', String(id));
    form.set(`qty_${lineId}`, '2');
    form.set('reason', 'Wrong colour');
    form.append('photos', new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' }));
    const res = await request(routes, '/api/v1/order/returns', {
      method: 'POST',
      headers: { accept: 'text/html', origin: 'http://127.0.0.1:4321', cookie: shopper.cookie },
      body: form,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/user/order/${id}#returns`);
    const [row] = await getDb().select().from(orderReturns).where(eq(orderReturns.orderId, id));
    expect(row).toMatchObject({ status: 'requested', lines: [{ line_id: lineId, quantity: 2 }] });
    expect(row!.photos).toHaveLength(1);
    expect(row!.photos[0]).toMatch(/^\/uploads\/reviews\/[0-9a-f]+\.png$/);
  });
});

describe('the operator and the seller', () => {
  it('approve, receive (stock back only then), refund: each step mailed and on the page', async () => {
    const { id, lineId } = await delivered(3);
    const asked = (await json(await ask({ order_id: id, reason: 'Dead on arrival', lines: [{ line_id: lineId, quantity: 1 }] }))).data;
    // The request's own mail is out before the next step's, so "the last mail" below is that step's.
    await settleAfterAnswer();
    const stock = await stockOf();
    const approved = await step(seller, 'seller', id, 'approve', { return_id: asked.return_id, reason: 'Sorry about that' });
    expect(approved.status).toBe(200);
    expect((await json(approved)).data).toEqual({ order_id: id, return_id: asked.return_id, status: 'approved' });
    await settleAfterAnswer();
    expect((await lastMailTo(outbox, shopper.email))?.text).toContain('approved');
    expect(await stockOf()).toBe(stock);
    // Approved twice: refused, with the reason.
    const again = await step(owner, 'admin', id, 'approve', { return_id: asked.return_id });
    expect(again.status).toBe(409);
    const received = await step(seller, 'seller', id, 'receive', { return_id: asked.return_id });
    expect(received.status).toBe(200);
    expect(await stockOf()).toBe(stock + 1);
    await settleAfterAnswer();
    expect((await lastMailTo(outbox, shopper.email))?.text).toContain('arrived');
    // Sellers may not refund; the operator refunds the return's lines.
    const refund = await api(`/api/v1/admin/orders/${id}/refunds`, owner, {
      body: { reason: 'Return refunded', return_id: asked.return_id },
      headers: { 'idempotency-key': `return-refund-${id}-${asked.return_id}` },
    });
    expect(refund.status).toBe(200);
    expect((await json(refund)).data).toMatchObject({ refunded_total: 2000, refund_state: 'partly_refunded' });
    expect((await returnRow(asked.return_id)).status).toBe('refunded');
    // Receiving gave the stock back already: the refund does not give it again.
    expect(await stockOf()).toBe(stock + 1);
    const page = await orderOfUser(shopper.id, id);
    expect(page.returns[0]!.status).toBe('refunded');
    expect(page.refunds).toEqual([expect.objectContaining({ amount: 2000, return_id: asked.return_id })]);
    expect(page.history.map((h) => h.note)).toEqual(
      expect.arrayContaining(['Return requested: Dead on arrival', 'Return approved: Sorry about that', 'Returned goods received']),
    );
  });

  it('refusing needs a reason, which the shopper reads', async () => {
    const { id, lineId } = await delivered(4);
    const asked = (await json(await ask({ order_id: id, reason: 'Changed my mind', lines: [{ line_id: lineId, quantity: 1 }] }))).data;
    await settleAfterAnswer();
    const bare = await step(owner, 'admin', id, 'refuse', { return_id: asked.return_id });
    expect(bare.status).toBe(422);
    expect((await json(bare)).message).toBe('Say why the return is refused.');
    const res = await step(owner, 'admin', id, 'refuse', { return_id: asked.return_id, reason: 'Opened and used' });
    expect(res.status).toBe(200);
    await settleAfterAnswer();
    const mail = await lastMailTo(outbox, shopper.email);
    expect(mail?.text).toContain('refused');
    expect(mail?.text).toContain('Opened and used');
    expect(await returnRow(asked.return_id)).toMatchObject({ status: 'refused', decisionNote: 'Opened and used' });
    // A refused return frees its lines for another request; received is only for approved returns.
    expect((await step(owner, 'admin', id, 'receive', { return_id: asked.return_id })).status).toBe(409);
  });

  it('a seller of another store gets 404, and nothing changes', async () => {
    const { id, lineId } = await delivered(5, stores[1]);
    const asked = (await json(await ask({ order_id: id, reason: 'Other store', lines: [{ line_id: lineId, quantity: 1 }] }))).data;
    for (const what of ['approve', 'refuse', 'receive'])
      expect((await step(seller, 'seller', id, what, { return_id: asked.return_id, reason: 'x' })).status, what).toBe(404);
    expect((await returnRow(asked.return_id)).status).toBe('requested');
    // A return of another order, named under one of the seller's own orders: 404 too.
    const mine = await delivered(5);
    expect((await step(seller, 'seller', mine.id, 'approve', { return_id: asked.return_id })).status).toBe(404);
  });
});
