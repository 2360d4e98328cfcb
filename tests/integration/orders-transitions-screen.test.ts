import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { cancelProblem, ORDER_STATUSES, TRANSITIONS, transitionProblem, type OrderStatus } from '@/server/orders/transitions';
import { englishOf } from '@/i18n';
import { useScratchOutbox } from './auth-helpers';
import { send, startPageServer, type PageServer } from './page-server';
import { account, makeOrder, twoStores, type Account } from './backoffice-fixtures';

/**
 * Issue 32's first test, over real HTTP on the shop's dev server: from an order in each status, the order page
 * offers exactly the steps of orders/transitions.ts, each goes through from the page's own form; every other step
 * (also one a stale or hand-made form sends) is refused with its reason, shown back on the page, and nothing changes.
 */
useTestDatabase({ demo: true });
useScratchOutbox();

let server: PageServer;
let owner: Account;
let store: number;

beforeAll(async () => {
  owner = await account(['owner']);
  [store] = await twoStores();
  server = await startPageServer();
}, 300_000);
afterAll(() => server?.close());

/** The status form's choices and hidden version, as the order page draws them. */
function drawn(html: string) {
  const form = /<form[^>]*action="\/api\/v1\/admin\/orders\/\d+\/status"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  return {
    version: /name="version" value="(\d+)"/.exec(form)?.[1] ?? null,
    choices: [...form.matchAll(/<option value="([a-z_]+)"/g)].map((m) => m[1]),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** An order in `status`, paid when it could have been refunded (delivered, or cancelled after paying). */
async function orderIn(status: OrderStatus): Promise<number> {
  const id = await makeOrder(store, { status });
  if (status === 'delivered' || status === 'cancelled' || status === 'refunded')
    await getDb().update(orders).set({ paymentStatus: 1 }).where(eq(orders.id, id));
  return id;
}

const statusOf = async (id: number) => (await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe('every step of an order from its page', () => {
  it('the page offers exactly the allowed steps, and each goes through from its form', async () => {
    for (const from of ORDER_STATUSES) {
      const offered = drawn((await send(server, `/admin/orders/${await orderIn(from)}`, { cookies: [owner.cookie] })).body);
      expect(offered.choices, from).toEqual([...TRANSITIONS[from]]);
      for (const to of TRANSITIONS[from]) {
        const id = await orderIn(from);
        const { version } = drawn((await send(server, `/admin/orders/${id}`, { cookies: [owner.cookie] })).body);
        const res = await send(server, `/api/v1/admin/orders/${id}/status`, {
          cookies: [owner.cookie],
          // A cancellation needs a note (the reason the shopper is mailed).
          form: new URLSearchParams({
            version: version!,
            status: to,
            note: 'Asked by the shopper',
            _from: `/admin/orders/${id}`,
            _inline: '1',
          }),
        });
        expect(res.status, `${from} → ${to}`).toBe(303);
        expect(await statusOf(id), `${from} → ${to}`).toBe(to);
      }
    }
  }, 600_000);

  it('every other step is refused with its reason on the page, and the order stays as it was', async () => {
    for (const from of ORDER_STATUSES) {
      const id = await orderIn(from);
      for (const to of ORDER_STATUSES.filter((s) => !TRANSITIONS[from].includes(s))) {
        // A cancellation is the shopper's cancel run by the shop (orders/life.ts): its own sentences say why not.
        const refusal = (to === 'cancelled' && from !== 'cancelled' ? cancelProblem(from) : null) ?? transitionProblem(from, to, true);
        expect(refusal, `${from} → ${to}`).not.toBeNull();
        const reason = englishOf(refusal!.key, refusal!.vars);
        const { version } = drawn((await send(server, `/admin/orders/${id}`, { cookies: [owner.cookie] })).body);
        // Without a note: a step that is not allowed is told why, never asked for a cancellation's note.
        const res = await send(server, `/api/v1/admin/orders/${id}/status`, {
          cookies: [owner.cookie],
          form: new URLSearchParams({ ...(version ? { version } : {}), status: to, note: '', _from: `/admin/orders/${id}`, _inline: '1' }),
        });
        expect(res.status, `${from} → ${to}`).toBe(303);
        expect(res.location).toBe(`/admin/orders/${id}`);
        const back = await send(server, res.location!, { cookies: [owner.cookie, ...res.setCookies] });
        expect(back.body, `${from} → ${to}: ${reason}`).toContain(escapeHtml(reason));
        expect(await statusOf(id), `${from} → ${to}`).toBe(from);
        // A JSON client is told the same, 422.
        const json = await send(server, `/api/v1/admin/orders/${id}/status`, {
          cookies: [owner.cookie],
          accept: 'application/json',
          form: new URLSearchParams({ status: to }),
        });
        expect(json.status, `${from} → ${to}`).toBe(422);
        expect(JSON.parse(json.body).message).toBe(reason);
      }
    }
  }, 600_000);

  it('a refund step on an order never paid is refused with its reason', async () => {
    const id = await makeOrder(store, { status: 'delivered', paymentMethod: 7 });
    const json = await send(server, `/api/v1/admin/orders/${id}/status`, {
      cookies: [owner.cookie],
      accept: 'application/json',
      form: new URLSearchParams({ status: 'refunded' }),
    });
    expect(json.status).toBe(422);
    expect(JSON.parse(json.body).message).toBe(englishOf(transitionProblem('delivered', 'refunded', false)!.key));
    expect(await statusOf(id)).toBe('delivered');
  }, 300_000);
});
