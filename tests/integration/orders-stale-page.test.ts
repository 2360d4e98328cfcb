import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orderStatusHistory, orders } from '@/server/db/schema';
import { useScratchOutbox } from './auth-helpers';
import { send, startPageServer, type PageServer } from './page-server';
import { account, makeOrder, twoStores, type Account } from './backoffice-fixtures';

/**
 * "This order changed, reload" at the page level (issue 32), over real HTTP: the shop's dev server (real pages,
 * layout, middleware and endpoints) on a socket, on the test's database. Two operators open one order page; the
 * first moves it on; the second's form, drawn at the old version, comes back to the order page with the message
 * and the order as it is now (a JSON client: the 409 envelope with the current version), and nothing of the
 * second's change is written.
 */
useTestDatabase({ demo: true });
useScratchOutbox();

let server: PageServer;
let first: Account;
let second: Account;
let store: number;

beforeAll(async () => {
  first = await account(['owner']);
  second = await account(['staff'], ['update:order', 'read:order']);
  [store] = await twoStores();
  server = await startPageServer();
}, 300_000);
afterAll(() => server?.close());

const STALE = 'This order changed since you opened it (another operator, the shopper or a payment). Here it is as it is now: check it and try again.';

/** The status form's hidden version and the status shown, as the page draws them. */
function drawn(html: string) {
  const form = /<form[^>]*action="\/api\/v1\/admin\/orders\/\d+\/status"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  return {
    version: /name="version" value="(\d+)"/.exec(form)?.[1] ?? null,
    status: /<dt>Status<\/dt>\s*<dd>([^<]*)<\/dd>/.exec(html)?.[1] ?? null,
    choices: [...form.matchAll(/<option value="([a-z_]+)"/g)].map((m) => m[1]),
  };
}
const statusOf = async (id: number) => (await getDb().select().from(orders).where(eq(orders.id, id)))[0]!;

describe('two operators on one order page', () => {
  it('the second one’s plain form, drawn before the first shipped, comes back with “changed, reload” and the order as it is', async () => {
    const id = await makeOrder(store, { status: 'confirmed' });
    const pageA = await send(server, `/admin/orders/${id}`, { cookies: [first.cookie] });
    const pageB = await send(server, `/admin/orders/${id}`, { cookies: [second.cookie] });
    expect(pageA.status, pageA.body.slice(0, 500)).toBe(200);
    expect(pageB.status).toBe(200);
    const a = drawn(pageA.body);
    const b = drawn(pageB.body);
    expect(a.version).not.toBeNull();
    expect(b).toEqual(a);
    expect(a.status).toBe('Confirmed');
    expect(a.choices).toContain('shipped');

    // The first operator marks it shipped, with the page's own form fields.
    const shipped = await send(server, `/api/v1/admin/orders/${id}/status`, {
      cookies: [first.cookie],
      form: new URLSearchParams({ version: a.version!, status: 'shipped', note: '', _from: `/admin/orders/${id}`, _inline: '1' }),
    });
    expect(shipped.status).toBe(303);
    expect((await statusOf(id)).status).toBe('shipped');
    const historyBefore = await getDb().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));

    // The second, from the page drawn before, cancels: refused, back to the order page.
    const cancel = new URLSearchParams({ version: b.version!, status: 'cancelled', note: 'Shopper asked', _from: `/admin/orders/${id}`, _inline: '1' });
    const refused = await send(server, `/api/v1/admin/orders/${id}/status`, { cookies: [second.cookie], form: cancel });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe(`/admin/orders/${id}`);
    const again = await send(server, refused.location!, { cookies: [second.cookie, ...refused.setCookies] });
    expect(again.status).toBe(200);
    expect(again.body).toContain(STALE);
    const now = drawn(again.body);
    expect(now.status).toBe('Shipped');
    expect(Number(now.version)).toBeGreaterThan(Number(b.version));
    expect(now.choices).not.toContain('shipped');

    // Nothing of the second's change was written.
    const row = await statusOf(id);
    expect([row.status, row.note ?? '']).toEqual(['shipped', '']);
    expect(await getDb().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).toHaveLength(historyBefore.length);
  }, 300_000);

  it('a JSON client gets the 409 envelope with the message and the current version; nothing written', async () => {
    const id = await makeOrder(store, { status: 'pending' });
    const page = drawn((await send(server, `/admin/orders/${id}`, { cookies: [second.cookie] })).body);
    const ok = await send(server, `/api/v1/admin/orders/${id}/status`, {
      cookies: [first.cookie],
      accept: 'application/json',
      form: new URLSearchParams({ version: page.version!, status: 'confirmed' }),
    });
    expect(ok.status).toBe(200);
    const stale = await send(server, `/api/v1/admin/orders/${id}/status`, {
      cookies: [second.cookie],
      accept: 'application/json',
      form: new URLSearchParams({ version: page.version!, status: 'cancelled', note: 'Too late' }),
    });
    expect(stale.status).toBe(409);
    const envelope = JSON.parse(stale.body) as { message: string; data: { version: number } };
    expect(envelope.message).toBe(STALE);
    expect(envelope.data.version).toBe((await statusOf(id)).version);
    expect((await statusOf(id)).status).toBe('confirmed');
  }, 300_000);
});
