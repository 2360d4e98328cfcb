import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import { categories, products, stores as storesTable } from '@/server/db/schema';
import { currentStoreSlugOf } from '@/server/stores/profile';
import sharp from 'sharp';
import { account, api, auditSince, lastAuditId, twoStores, type Account } from './backoffice-fixtures';
import { listApiRoutes, request } from './http';

/**
 * The seller's store profile and the operator's approvals (issue 35): a new store name waits and its old slug
 * redirects once approved; with the shop's rule on, a seller's new product stays off the storefront until approved
 * and a refused price change leaves the old price; another store's profile is 404 to a seller.
 */
useTestDatabase({ demo: true });

let owner: Account;
let seller: Account;
let otherSeller: Account;
let stores: [number, number];
let categoryId: number;

beforeAll(async () => {
  stores = await twoStores();
  owner = await account(['owner']);
  seller = await account(['seller'], [], [stores[0]]);
  otherSeller = await account(['seller'], [], [stores[1]]);
  const [c] = await getDb().select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).limit(1);
  categoryId = c!.id;
});

const json = async (res: Response) => (await res.json()) as { status: number; data: Record<string, unknown>; message?: string };
const mailsTo = (to: string) =>
  queryRows<{ subject: string; text: string }>(getDb(), sql`select subject, text from mail_outbox where "to" = ${to} order by id`);

async function setRule(on: boolean) {
  const res = await api('/api/v1/admin/products/approval-rule', owner, { body: { seller_approval: on } });
  expect(res.status).toBe(200);
}

describe('the seller’s store profile', () => {
  it('saves the profile at once; a new name waits for the operator, then the old slug redirects to the new one', async () => {
    const [before] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[0]));
    await getDb().update(storesTable).set({ email: 'store-a@example.com' }).where(eq(storesTable.id, stores[0]));
    const res = await api('/api/v1/seller/store', seller, {
      body: {
        name: 'Brand New Volt Shop',
        description: 'Chargers and more',
        opened_on: '2020-03-04',
        email: 'store-a@example.com',
        return_address: '1 Return Road',
        pickup_points: 'Main street 1\nStation kiosk',
        free_shipping_min: 5000,
      },
    });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const [after] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[0]));
    // Saved at once: everything but the name.
    expect(after!.description).toBe('Chargers and more');
    expect(after!.openedOn).toBe('2020-03-04');
    expect(after!.returnAddress).toBe('1 Return Road');
    expect(after!.pickupPoints).toBe('Main street 1\nStation kiosk');
    expect(after!.freeShippingMin).toBe(5000);
    // The name and slug wait.
    expect(after!.name).toBe(before!.name);
    expect(after!.slug).toBe(before!.slug);
    expect(after!.pendingName).toBe('Brand New Volt Shop');
    expect(after!.pendingSlug).toBe('brand-new-volt-shop');

    const profile = await json(await api('/api/v1/seller/store', seller));
    expect(profile.data).toMatchObject({ id: stores[0], name: before!.name, pending_name: 'Brand New Volt Shop' });

    // The operator sees it among the name changes, old and new side by side.
    const waiting = await json(await api('/api/v1/admin/stores?status=renaming', owner));
    expect(waiting.data.items).toEqual([
      expect.objectContaining({
        id: stores[0],
        name: before!.name,
        pending_name: 'Brand New Volt Shop',
        pending_slug: 'brand-new-volt-shop',
      }),
    ]);

    const auditFrom = await lastAuditId();
    const approved = await api(`/api/v1/admin/stores/${stores[0]}/approve-name`, owner, { body: {} });
    expect(approved.status).toBe(200);
    const [renamed] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[0]));
    expect(renamed).toMatchObject({ name: 'Brand New Volt Shop', slug: 'brand-new-volt-shop', pendingName: null, pendingSlug: null });
    expect(await currentStoreSlugOf(before!.slug)).toBe('brand-new-volt-shop');
    expect(await currentStoreSlugOf('no-such-store-ever')).toBeNull();
    // The storefront's store API answers the new slug.
    expect((await api('/api/v1/store/brand-new-volt-shop', null)).status).toBe(200);
    expect((await auditSince(auditFrom)).map((a) => a.entity)).toContain('store');
    expect((await mailsTo('store-a@example.com')).map((m) => m.subject).join('\n')).toContain('Brand New Volt Shop');

    // Approving again: nothing waits (409), nothing changes.
    expect((await api(`/api/v1/admin/stores/${stores[0]}/approve-name`, owner, { body: {} })).status).toBe(409);
  });

  it('a refused name change leaves the name, says why and mails the seller', async () => {
    const [before] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[0]));
    expect((await api('/api/v1/seller/store', seller, { body: { name: 'Cheap Knockoffs', email: 'store-a@example.com' } })).status).toBe(
      200,
    );
    expect((await api(`/api/v1/admin/stores/${stores[0]}/refuse-name`, owner, { body: {} })).status).toBe(422);
    const refused = await api(`/api/v1/admin/stores/${stores[0]}/refuse-name`, owner, { body: { reason: 'Misleading name' } });
    expect(refused.status).toBe(200);
    const [after] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[0]));
    expect(after).toMatchObject({ name: before!.name, slug: before!.slug, pendingName: null, nameRefusedReason: 'Misleading name' });
    const mails = await mailsTo('store-a@example.com');
    expect(mails.at(-1)!.text).toContain('Misleading name');
  });

  it('takes a logo and a banner from the plain multipart form (no JavaScript): re-encoded into the upload store, then back to the page', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0b7a5c' } })
      .jpeg()
      .toBuffer();
    const [before] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[0]));
    const form = new FormData();
    form.append('_from', '/seller/store');
    form.append('name', before!.name);
    form.append('description', 'With a logo');
    form.append('email', 'store-a@example.com');
    form.append('logo', new File([new Uint8Array(jpeg)], 'logo.jpg', { type: 'image/jpeg' }));
    form.append('banner', new File([new Uint8Array(jpeg)], 'banner.jpg', { type: 'image/jpeg' }));
    const res = await request(listApiRoutes(), '/api/v1/seller/store', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:4321', cookie: seller.cookie, accept: 'text/html' },
      body: form,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('/seller/store');
    const [after] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[0]));
    expect(after!.logo).toMatch(/^\/uploads\/products\/[0-9a-f]+-zoom\.jpg$/);
    expect(after!.banner).toMatch(/^\/uploads\/products\/[0-9a-f]+-zoom\.jpg$/);
    expect(after!.logo).not.toBe(after!.banner);
    expect(after!.description).toBe('With a logo');
    // A file that is not a picture is refused, and nothing changes.
    const bad = new FormData();
    bad.append('name', before!.name);
    bad.append('email', 'store-a@example.com');
    bad.append('logo', new File([new Uint8Array(Buffer.from('not a picture'))], 'logo.jpg', { type: 'image/jpeg' }));
    const refused = await request(listApiRoutes(), '/api/v1/seller/store', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:4321', cookie: seller.cookie, accept: 'application/json' },
      body: bad,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const [unchanged] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[0]));
    expect(unchanged!.logo).toBe(after!.logo);
  });

  it('refuses a slug another store has, and bad input, with a 422 a person understands', async () => {
    const [other] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[1]));
    const taken = await api('/api/v1/seller/store', seller, { body: { name: 'Anything', slug: other!.slug } });
    expect(taken.status).toBe(422);
    expect(JSON.stringify(await taken.json())).toMatch(/Another store has this address/);
    expect((await api('/api/v1/seller/store', seller, { body: { name: 'X', slug: 'Not A Slug!' } })).status).toBe(422);
    expect((await api('/api/v1/seller/store', seller, { body: { name: 'X', opened_on: '2020-13-45' } })).status).toBe(422);
    expect((await api('/api/v1/seller/store', seller, { body: { name: '' } })).status).toBe(422);
  });

  it('seller A: 404 on seller B’s store profile, to read or to change; 403 on the operator’s approvals', async () => {
    const [other] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[1]));
    expect((await api(`/api/v1/seller/store?store_id=${stores[1]}`, seller)).status).toBe(404);
    const change = await api('/api/v1/seller/store', seller, {
      body: { store_id: stores[1], name: 'Taken Over', description: 'mine now' },
    });
    expect(change.status).toBe(404);
    const [after] = await getDb().select().from(storesTable).where(eq(storesTable.id, stores[1]));
    expect(after).toMatchObject({ name: other!.name, description: other!.description, pendingName: other!.pendingName });
    // B's own profile answers B.
    expect((await json(await api('/api/v1/seller/store', otherSeller))).data).toMatchObject({ id: stores[1] });
    // The operator's side: a seller is refused whatever the store.
    expect((await api(`/api/v1/admin/stores/${stores[1]}/approve-name`, seller, { body: {} })).status).toBe(403);
    expect((await api(`/api/v1/admin/products/approvals`, seller)).status).toBe(403);
  });
});

describe('approval of sellers’ products', () => {
  const newProduct = (title: string) => ({
    title,
    category_id: categoryId,
    status: 'published',
    selling: 2599,
    offered: 0,
    stock: 10,
  });

  it('rule off: a seller’s new product and price change go live at once', async () => {
    await setRule(false);
    const res = await api('/api/v1/seller/products', seller, { body: newProduct('Approval Off Charger') });
    expect(res.status).toBe(200);
    const { id, slug } = (await json(res)).data as { id: number; slug: string };
    expect((await api(`/api/v1/product/${slug}`, null)).status).toBe(200);
    expect((await api(`/api/v1/seller/products/${id}/prices`, seller, { body: { selling: 2999, offered: 0 } })).status).toBe(200);
    const [row] = await getDb().select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ selling: 2999, pendingSelling: null, approval: 'approved' });
  });

  it('rule on: a seller’s new product is off the storefront and its API until the operator approves it', async () => {
    await setRule(true);
    const res = await api('/api/v1/seller/products', seller, { body: newProduct('Waiting Power Bank') });
    expect(res.status).toBe(200);
    const { id, slug } = (await json(res)).data as { id: number; slug: string };
    const [row] = await getDb().select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ approval: 'waiting', status: 1 });
    expect((await api(`/api/v1/product/${slug}`, null)).status).toBe(404);
    expect((await api(`/api/v1/product/${id}`, null)).status).toBe(404);
    // Not even by the seller's saving it again (it keeps waiting).
    expect(
      (await api(`/api/v1/seller/products/${id}`, seller, { body: { ...newProduct('Waiting Power Bank'), selling: 2699 } })).status,
    ).toBe(200);
    expect((await api(`/api/v1/product/${slug}`, null)).status).toBe(404);

    const list = await json(await api('/api/v1/admin/products/approvals', owner));
    expect(list.data.items).toEqual(expect.arrayContaining([expect.objectContaining({ id, kind: 'new', selling: 2699 })]));

    const auditFrom = await lastAuditId();
    expect((await api(`/api/v1/admin/products/${id}/approve`, owner, { body: {} })).status).toBe(200);
    expect((await api(`/api/v1/product/${slug}`, null)).status).toBe(200);
    const audit = await auditSince(auditFrom);
    expect(audit.some((a) => a.entity === 'product' && a.entityId === String(id))).toBe(true);
    const mails = await mailsTo('store-a@example.com');
    expect(mails.at(-1)!.subject).toContain('Waiting Power Bank');
    // Nothing waits any more.
    expect((await api(`/api/v1/admin/products/${id}/approve`, owner, { body: {} })).status).toBe(409);
  });

  it('rule on: a refused new product stays off the storefront', async () => {
    await setRule(true);
    const { id, slug } = (await json(await api('/api/v1/seller/products', seller, { body: newProduct('Refused Cable') }))).data as {
      id: number;
      slug: string;
    };
    expect((await api(`/api/v1/admin/products/${id}/refuse`, owner, { body: { reason: 'Blurry pictures' } })).status).toBe(200);
    const [row] = await getDb().select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ approval: 'refused', approvalReason: 'Blurry pictures' });
    expect((await api(`/api/v1/product/${slug}`, null)).status).toBe(404);
    expect((await mailsTo('store-a@example.com')).at(-1)!.text).toContain('Blurry pictures');
  });

  it('rule on: a seller’s price change keeps the old price live; refused, the old price stays; approved, the new one shows', async () => {
    await setRule(true);
    const [live] = await getDb()
      .select({ id: products.id, slug: products.slug, selling: products.selling, offered: products.offered })
      .from(products)
      .where(
        // A plain product (no variants, no offer, no flash sale): the storefront's price is its selling price.
        sql`${products.storeId} = ${stores[0]} and ${products.status} = 1 and ${products.approval} = 'approved' and ${products.offered} = 0
          and not exists (select 1 from inventories i where i.product_id = ${products.id})
          and not exists (select 1 from flash_sale_products f where f.product_id = ${products.id})`,
      )
      .limit(1);
    const priceOf = async () => {
      const data = (await json(await api(`/api/v1/product/${live!.slug}`, null))).data as { current_price: number };
      return { selling: data.current_price };
    };
    expect((await priceOf()).selling).toBe(live!.selling);

    const asked = live!.selling + 1000;
    expect((await api(`/api/v1/seller/products/${live!.id}/prices`, seller, { body: { selling: asked, offered: 0 } })).status).toBe(200);
    let [row] = await getDb().select().from(products).where(eq(products.id, live!.id));
    expect(row).toMatchObject({ selling: live!.selling, offered: live!.offered, pendingSelling: asked, pendingOffered: 0 });
    expect((await priceOf()).selling).toBe(live!.selling);
    const list = await json(await api('/api/v1/admin/products/approvals', owner));
    expect(list.data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: live!.id, kind: 'price', selling: live!.selling, pending_selling: asked })]),
    );

    expect((await api(`/api/v1/admin/products/${live!.id}/refuse`, owner, { body: { reason: 'Too steep' } })).status).toBe(200);
    [row] = await getDb().select().from(products).where(eq(products.id, live!.id));
    expect(row).toMatchObject({ selling: live!.selling, offered: live!.offered, pendingSelling: null, approval: 'approved' });
    expect((await priceOf()).selling).toBe(live!.selling);

    // Asked again and approved: the new price is the price.
    expect((await api(`/api/v1/seller/products/${live!.id}/prices`, seller, { body: { selling: asked, offered: 0 } })).status).toBe(200);
    expect((await api(`/api/v1/admin/products/${live!.id}/approve`, owner, { body: {} })).status).toBe(200);
    [row] = await getDb().select().from(products).where(eq(products.id, live!.id));
    expect(row).toMatchObject({ selling: asked, offered: 0, pendingSelling: null });
    expect((await priceOf()).selling).toBe(asked);
  });

  it('the operator’s own price change is the price at once, and a seller of another store cannot touch the approvals', async () => {
    await setRule(true);
    const [p] = await getDb()
      .select({ id: products.id, selling: products.selling })
      .from(products)
      .where(sql`${products.storeId} = ${stores[1]} and ${products.status} = 1`)
      .limit(1);
    expect((await api(`/api/v1/admin/products/${p!.id}/prices`, owner, { body: { selling: p!.selling + 1, offered: 0 } })).status).toBe(
      200,
    );
    const [row] = await getDb().select().from(products).where(eq(products.id, p!.id));
    expect(row).toMatchObject({ selling: p!.selling + 1, pendingSelling: null });
    expect((await api(`/api/v1/admin/products/${p!.id}/approve`, otherSeller, { body: {} })).status).toBe(403);
    expect((await api('/api/v1/admin/products/approval-rule', seller, { body: { seller_approval: false } })).status).toBe(403);
  });
});
