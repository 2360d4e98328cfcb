import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orderLines, products, sellerLedger, shippingRules } from '@/server/db/schema';
import { placeOf } from '@/server/backoffice/areas';
import {
  account,
  api,
  listAreaEndpoints,
  listAreaPages,
  makeOrder,
  page,
  reviewOf,
  voucherOf,
  PAGE_DRAWN,
  twoStores,
  type Account,
} from './backoffice-fixtures';

/**
 * The access matrix of the back office (issue 29): every page under /admin and /seller and every endpoint
 * under api/v1/admin and api/v1/seller, found from the files (a new one is covered without editing this test),
 * for a guest, a shopper, staff without permissions, a seller and the owner.
 */
useTestDatabase({ demo: true });

const pages = listAreaPages();
const endpoints = listAreaEndpoints();

/**
 * An object of the other store, for each seller route that names one (`[id]`): a seller asking for it gets 404.
 * A new seller route with a parameter fails below until it has its fixture here.
 */
const OTHER_STORE_OBJECTS: Record<string, (otherStore: number) => Promise<{ id: number | string; body?: unknown }>> = {
  '/api/v1/seller/ledger/[id]': async (otherStore) => ({ id: await ledgerLineOf(otherStore) }),
  '/api/v1/seller/money/statements/[id]': async (otherStore) => ({ id: `${otherStore}-${new Date().toISOString().slice(0, 7)}` }),
  '/api/v1/seller/products/[id]/prices': async (otherStore) => ({ id: await productOf(otherStore), body: { selling: 1234, offered: 0 } }),
  '/api/v1/seller/products/[id]': async (otherStore) => ({ id: await productOf(otherStore) }),
  '/api/v1/seller/products/[id]/pictures': async (otherStore) => ({ id: await productOf(otherStore), body: { picture_id: 1, op: 'up' } }),
  '/api/v1/seller/products/[id]/translations': async (otherStore) => ({
    id: await productOf(otherStore),
    body: { lang: 'ar', title: 'x' },
  }),
  '/api/v1/seller/products/[id]/stock': async (otherStore) => ({
    id: await productOf(otherStore),
    body: { reason: 'received', quantity: 1 },
  }),
  '/api/v1/seller/products/[id]/variants': async (otherStore) => ({
    id: await productOf(otherStore),
    body: { attribute: ['Size'], values: ['S, M'] },
  }),
  '/api/v1/seller/products/[id]/variants/grid': async (otherStore) => ({
    id: await productOf(otherStore),
    body: { variants: [{ id: 1, sku: '', price: 0, stock: 1 }] },
  }),
  '/api/v1/seller/products/[id]/variant': async (otherStore) => ({
    id: await productOf(otherStore),
    body: { variant_id: 1, op: 'remove' },
  }),
  '/api/v1/seller/orders/[id]': async (otherStore) => ({ id: await makeOrder(otherStore) }),
  '/api/v1/seller/orders/[id]/status': async (otherStore) => ({ id: await makeOrder(otherStore), body: { status: 'confirmed' } }),
  '/api/v1/seller/orders/[id]/confirm-transfer': async (otherStore) => ({
    id: await makeOrder(otherStore, { paymentMethod: 7 }),
    body: {},
  }),
  '/api/v1/seller/orders/[id]/returns/approve': async (otherStore) => ({ id: await makeOrder(otherStore), body: { return_id: 1 } }),
  '/api/v1/seller/orders/[id]/returns/refuse': async (otherStore) => ({
    id: await makeOrder(otherStore),
    body: { return_id: 1, reason: 'No' },
  }),
  '/api/v1/seller/orders/[id]/packing-slip': async (otherStore) => ({ id: await makeOrder(otherStore) }),
  '/api/v1/seller/orders/[id]/packing-slip.pdf': async (otherStore) => ({ id: await makeOrder(otherStore) }),
  '/api/v1/seller/orders/[id]/returns/receive': async (otherStore) => ({ id: await makeOrder(otherStore), body: { return_id: 1 } }),
  '/api/v1/seller/orders/[id]/shipments': async (otherStore) => {
    const id = await makeOrder(otherStore, { status: 'confirmed' });
    const [line] = await getDb().select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, id));
    return { id, body: { lines: [{ line_id: line!.id, quantity: 1 }], carrier: 'dhl' } };
  },
  '/api/v1/seller/vouchers/[id]': async (otherStore) => ({ id: await voucherOf(otherStore) }),
  '/api/v1/seller/vouchers/[id]/status': async (otherStore) => ({ id: await voucherOf(otherStore), body: { status: 'disabled' } }),
  '/api/v1/seller/reviews/[id]': async (otherStore) => ({ id: await reviewOf(otherStore) }),
  '/api/v1/seller/reviews/[id]/reply': async (otherStore) => ({ id: await reviewOf(otherStore), body: { reply: 'Thank you!' } }),
  '/api/v1/seller/reviews/[id]/delete-reply': async (otherStore) => ({ id: await reviewOf(otherStore, 'Thanks'), body: {} }),
  '/api/v1/seller/store/shipping/[id]': async (otherStore) => ({ id: await ruleOf(otherStore) }),
  '/api/v1/seller/store/shipping/[id]/delete': async (otherStore) => ({ id: await ruleOf(otherStore), body: {} }),
  '/api/v1/seller/team/[id]': async (otherStore) => ({ id: (await account(['seller'], [], [otherStore])).id }),
  '/api/v1/seller/team/[id]/remove': async (otherStore) => ({ id: (await account(['seller'], ['read:order'], [otherStore])).id, body: {} }),
};

/** A line of the store's ledger (a payout written for the test: the ledger is append-only, any line will do). */
async function ledgerLineOf(storeId: number): Promise<number> {
  const [row] = await getDb()
    .insert(sellerLedger)
    .values({ storeId, kind: 'payout', amountMinor: -1, reference: 'access-matrix' })
    .returning({ id: sellerLedger.id });
  return row!.id;
}

/** A shipping rule of the store, no product using it (so a delete that got through would take it). */
async function ruleOf(storeId: number): Promise<number> {
  const [row] = await getDb().insert(shippingRules).values({ storeId, title: 'Access matrix' }).returning({ id: shippingRules.id });
  return row!.id;
}

async function productOf(storeId: number): Promise<number> {
  const [row] = await getDb().select({ id: products.id }).from(products).where(eq(products.storeId, storeId)).limit(1);
  return row!.id;
}

let who: Record<'shopper' | 'staff' | 'seller' | 'owner', Account>;
let stores: [number, number];

beforeAll(async () => {
  stores = await twoStores();
  who = {
    shopper: await account([]),
    staff: await account(['staff']),
    seller: await account(['seller'], [], [stores[0]]),
    owner: await account(['owner']),
  };
});

const withIds = (route: string) => route.replace(/\[[^\]]+\]/g, '1');

/** Whether the guard let the request through: the page was drawn, or the endpoint itself answered. */
const passed = async (res: Response, isPage: boolean) =>
  isPage ? res.status === 200 && (await res.text()) === PAGE_DRAWN : ![401, 403].includes(res.status);

describe('the back office’s access matrix', () => {
  it('finds the areas’ routes, each in a section of the one table the guard and the menus read', () => {
    expect(pages).toEqual(expect.arrayContaining(['/admin', '/admin/audit', '/admin/staff', '/admin/staff/[id]', '/seller']));
    expect(endpoints).toEqual(expect.arrayContaining(['/api/v1/admin', '/api/v1/admin/audit', '/api/v1/admin/staff', '/api/v1/seller']));
    for (const route of [...pages, ...endpoints])
      expect(placeOf(withIds(route))?.section, `${route} has no section in backoffice/areas.ts`).toBeTruthy();
  });

  it('a guest: every page goes to the sign-in page with a return address, every endpoint answers 401', async () => {
    for (const route of pages) {
      const res = await page(withIds(route), null);
      expect(res.status, route).toBe(303);
      expect(res.headers.get('location'), route).toBe(`/login?redirect=${encodeURIComponent(withIds(route))}`);
    }
    for (const route of endpoints)
      for (const method of ['GET', 'POST']) {
        const res = await api(withIds(route), null, method === 'POST' ? { body: {} } : {});
        expect(res.status, `${method} ${route}`).toBe(401);
        expect((await res.json()).status, route).toBe(401);
      }
  });

  it('a shopper: 403 everywhere', async () => {
    for (const route of pages) expect((await page(withIds(route), who.shopper)).status, route).toBe(403);
    for (const route of endpoints)
      for (const method of ['GET', 'POST']) {
        const res = await api(withIds(route), who.shopper, method === 'POST' ? { body: {} } : {});
        expect(res.status, `${method} ${route}`).toBe(403);
        expect(res.headers.get('cache-control'), route).toBe('private, no-store');
      }
  });

  it('staff without permissions: only the back office’s own frame (home, sign-in security); 403 elsewhere and in the seller panel', async () => {
    for (const route of [...pages, ...endpoints]) {
      const isPage = !route.startsWith('/api/');
      const section = placeOf(withIds(route))!.section!;
      const res = isPage ? await page(withIds(route), who.staff) : await api(withIds(route), who.staff);
      const open = section.area === 'admin' && section.can === 'enter:admin';
      expect(await passed(res, isPage), `${route} (${section.can})`).toBe(open);
      if (!open) expect(res.status, route).toBe(403);
    }
  });

  it('a seller: 403 in /admin; their own panel opens; another store’s object answers 404', async () => {
    const home = (await (await api('/api/v1/seller', who.seller)).json()) as { data: { stores: { id: number }[] } };
    expect(home.data.stores.map((s) => s.id)).toEqual([stores[0]]);
    for (const route of [...pages, ...endpoints]) {
      const isPage = !route.startsWith('/api/');
      const res = isPage ? await page(withIds(route), who.seller) : await api(withIds(route), who.seller);
      if (route.includes('/admin')) expect(res.status, route).toBe(403);
      else if (!route.includes('[')) expect(await passed(res, isPage), route).toBe(true);
    }
    // A page with a parameter draws its endpoint twin's declared query (the end-to-end tests open the pages themselves).
    const twinOf = (route: string) => (route.startsWith('/api/') ? route : `/api/v1${route}`);
    for (const route of [...pages, ...endpoints].filter((r) => /\/seller\//.test(r) && r.includes('['))) {
      expect(endpoints, `${route} needs its endpoint twin ${twinOf(route)}`).toContain(twinOf(route));
      if (route !== twinOf(route)) continue;
      const fixture = OTHER_STORE_OBJECTS[route];
      expect(fixture, `${route}: add an object of another store to OTHER_STORE_OBJECTS`).toBeDefined();
      const object = await fixture!(stores[1]);
      const path = route.replace(/\[[^\]]+\]/, String(object.id));
      const res = route.startsWith('/api/')
        ? await api(path, who.seller, object.body === undefined ? {} : { body: object.body })
        : await page(path, who.seller);
      expect(res.status, route).toBe(404);
    }
  });

  it('the owner: every route opens', async () => {
    for (const route of [...pages, ...endpoints]) {
      const isPage = !route.startsWith('/api/');
      const res = isPage ? await page(withIds(route), who.owner) : await api(withIds(route), who.owner);
      expect(await passed(res, isPage), route).toBe(true);
    }
  });

  it('an unknown section answers 404 to those who may enter, and still 401 to a guest', async () => {
    expect((await api('/api/v1/admin/no-such-thing', who.owner)).status).toBe(404);
    expect((await api('/api/v1/admin/no-such-thing', null)).status).toBe(401);
    expect((await api('/api/v1/seller/no-such-thing', who.shopper)).status).toBe(403);
  });

  it('the storefront’s seller sign-up stays open to guests', async () => {
    expect(placeOf('/seller/register')).toBeNull();
    expect(placeOf('/api/v1/seller/signup')).toBeNull();
    expect((await page('/seller/register', null)).status).toBe(200);
  });
});
