import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { asc, eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { categories, orderLines, productImages, products } from '@/server/db/schema';
import { uploadsRoot } from '@/server/uploads/storage';
import { listApiRoutes, request } from './http';
import { account, api, auditSince, lastAuditId, makeOrder, twoStores, type Account } from './backoffice-fixtures';

/** The product editor (issue 33): create with pictures, publish, find, edit, refuse bad pictures, stay in scope. */
useTestDatabase({ demo: true });

const ORIGIN = 'http://127.0.0.1:4321';
const routes = listApiRoutes();

let owner: Account;
let seller: Account;
let stores: [number, number];
let category: { id: number } | undefined;

beforeAll(async () => {
  stores = await twoStores();
  owner = await account(['owner']);
  seller = await account(['seller'], [], [stores[0]]);
  [category] = await getDb().select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).limit(1);
});

/** A multipart post as the editor's form sends it (JavaScript off: the answer is a 303 back to the page). */
function postForm(
  url: string,
  who: Account,
  fields: Record<string, string>,
  files: { name: string; type: string; bytes: Buffer }[] = [],
  json = true,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('images[]', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return request(routes, url, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie: who.cookie, ...(json ? { accept: 'application/json' } : { accept: 'text/html' }) },
    body: form,
  });
}

const jpeg = (w = 640, h = 480) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0b7a5c' } })
    .jpeg()
    .toBuffer();
const png = (w = 300, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();

/** A tiny but valid PNG whose header claims width × height (a pixel bomb). */
function claimedPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const baseFields = (over: Record<string, string> = {}) => ({
  title: `Editor Test Charger ${process.pid}`,
  store_id: String(stores[0]),
  category_id: String(category!.id),
  selling: '4999',
  offered: '3999',
  stock: '12',
  max_per_order: '3',
  status: 'draft',
  description: 'A charger made in the editor.\n\nIt charges <script>alert(1)</script> fast.',
  seo_title: 'Editor charger',
  ...over,
});

const productApi = (ref: string) => api(`/api/v1/product/${ref}`, null);

describe('creating a product with pictures', () => {
  let id: number;
  let slug: string;

  it('creates a draft with two pictures, re-encoded into every size in WebP and a fallback', async () => {
    const before = await lastAuditId();
    const res = await postForm('/api/v1/admin/products', owner, baseFields(), [
      { name: 'front.jpg', type: 'image/jpeg', bytes: await jpeg() },
      { name: 'side.png', type: 'image/png', bytes: await png() },
    ]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { id: number; slug: string; status: string } };
    expect(body.data.status).toBe('draft');
    ({ id, slug } = body.data);
    expect(slug).toMatch(/^editor-test-charger-\d+$/);
    const [entry, ...more] = await auditSince(before);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ action: 'catalog.save', entity: 'product', entityId: String(id) });
    const pictures = await getDb().select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position));
    expect(pictures).toHaveLength(2);
    expect(pictures[0]!.image).toMatch(/^\/uploads\/products\/[a-f0-9]{24}-zoom\.jpg$/);
    expect(pictures[1]!.image).toMatch(/-zoom\.png$/);
    const [row] = await getDb().select().from(products).where(eq(products.id, id));
    expect(row!.image).toBe(pictures[0]!.image);
    expect(row!.description).not.toContain('<script');
    expect(row!.description).toContain('<p>A charger made in the editor.</p>');
    for (const size of ['thumb', 'card', 'zoom'])
      for (const ext of ['webp', 'jpg']) {
        const file = path.join(uploadsRoot(), 'products', path.basename(pictures[0]!.image).replace('-zoom.jpg', `-${size}.${ext}`));
        expect(fs.existsSync(file), file).toBe(true);
      }
    const card = await sharp(
      path.join(uploadsRoot(), 'products', path.basename(pictures[0]!.image).replace('-zoom.jpg', '-card.webp')),
    ).metadata();
    expect(card.format).toBe('webp');
    expect(card.width).toBe(400);
    expect(card.exif).toBeUndefined();
    // A draft is the editors' alone: the shop does not know it.
    expect((await productApi(slug)).status).toBe(404);
    const editor = (await (await api(`/api/v1/admin/products/${id}`, owner)).json()) as { data: { status: string; pictures: unknown[] } };
    expect(editor.data).toMatchObject({ status: 'draft' });
    expect(editor.data.pictures).toHaveLength(2);
  });

  it('publishes it (bulk): the shop, its listing and its search show it at once', async () => {
    const res = await api('/api/v1/admin/products/bulk', owner, { body: { ids: [id], action: 'publish' } });
    expect(res.status).toBe(200);
    const shown = (await (await productApi(slug)).json()) as {
      data: { title: string; selling: number; images: string[]; seo_title: string };
    };
    expect(shown.data.selling).toBe(4999);
    expect(shown.data.seo_title).toBe('Editor charger');
    expect(shown.data.images).toHaveLength(2);
    const listed = (await (await api('/api/v1/products?sort=newest', null)).json()) as { data: { result: { data: { id: number }[] } } };
    expect(listed.data.result.data.map((p) => p.id)).toContain(id);
    const found = (await (await api(`/api/v1/search?q=${encodeURIComponent(`Editor Test Charger`)}`, null)).json()) as {
      data: { result: { data: { id: number }[] } };
    };
    expect(found.data.result.data.map((p) => p.id)).toContain(id);
    const list = (await (await api(`/api/v1/admin/products?q=Editor+Test+Charger&status=published`, owner)).json()) as {
      data: { items: { id: number }[]; next_cursor: string | null };
    };
    expect(list.data.items.map((p) => p.id)).toEqual([id]);
  });

  it('edits price and slug: the product API shows the new price, the old slug redirects', async () => {
    const res = await postForm(
      `/api/v1/admin/products/${id}`,
      owner,
      baseFields({ selling: '5999', offered: '0', status: 'published', slug: `${slug}-v2` }),
    );
    expect(res.status).toBe(200);
    const shown = (await (await productApi(`${slug}-v2`)).json()) as { data: { selling: number; offered: number } };
    expect(shown.data).toMatchObject({ selling: 5999, offered: 0 });
    const { currentSlugOf } = await import('@/server/catalog/slug-redirects');
    expect(await currentSlugOf(slug)).toBe(`${slug}-v2`);
    // Another product cannot take the old slug while it redirects here.
    const taken = await postForm('/api/v1/admin/products', owner, baseFields({ slug }));
    expect(taken.status).toBe(422);
  });

  it('moves, describes and removes pictures; the main one follows', async () => {
    const pics = async () =>
      (
        (await (await api(`/api/v1/admin/products/${id}`, owner)).json()) as {
          data: { pictures: { id: number; main: boolean; alt: string }[] };
        }
      ).data.pictures;
    const [first, second] = await pics();
    expect((await api(`/api/v1/admin/products/${id}/pictures`, owner, { body: { picture_id: second!.id, op: 'up' } })).status).toBe(200);
    expect((await pics()).map((p) => p.id)).toEqual([second!.id, first!.id]);
    expect((await api(`/api/v1/admin/products/${id}/pictures`, owner, { body: { picture_id: second!.id, op: 'main' } })).status).toBe(200);
    expect((await pics())[0]).toMatchObject({ id: second!.id, main: true });
    await api(`/api/v1/admin/products/${id}/pictures`, owner, { body: { picture_id: first!.id, op: 'alt', alt: 'The charger, front' } });
    expect((await pics()).find((p) => p.id === first!.id)!.alt).toBe('The charger, front');
    expect((await api(`/api/v1/admin/products/${id}/pictures`, owner, { body: { picture_id: second!.id, op: 'remove' } })).status).toBe(
      200,
    );
    expect(await pics()).toMatchObject([{ id: first!.id, main: true }]);
  });
});

describe('picture refusals', () => {
  const refused = async (file: { name: string; type: string; bytes: Buffer }) => {
    const before = await lastAuditId();
    const count = (await getDb().select({ id: products.id }).from(products)).length;
    const res = await postForm('/api/v1/admin/products', owner, baseFields({ title: 'Refused picture product' }), [file]);
    expect(res.status, file.name).toBe(422);
    const body = (await res.json()) as { message: string };
    expect(await auditSince(before)).toHaveLength(0);
    expect((await getDb().select({ id: products.id }).from(products)).length).toBe(count);
    return body.message;
  };

  it('a 25 MB file, an SVG, a PNG claiming 50,000 × 50,000 pixels, HTML named .jpg: refused, saying what is allowed', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(25 * 1024 * 1024)]);
    expect(await refused({ name: 'big.jpg', type: 'image/jpeg', bytes: big })).toBe(
      'Pictures must be JPEG, PNG or WebP files of at most 10 MB each.',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(await refused({ name: 'logo.svg', type: 'image/svg+xml', bytes: svg })).toMatch(/JPEG, PNG or WebP/);
    expect(await refused({ name: 'bomb.png', type: 'image/png', bytes: claimedPng(50_000, 50_000) })).toMatch(/40 megapixels/);
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    expect(await refused({ name: 'photo.jpg', type: 'image/jpeg', bytes: html })).toMatch(/JPEG, PNG or WebP/);
  });
});

describe('the list', () => {
  it('sorts by price in keyset pages that neither overlap nor skip', async () => {
    const seen: { id: number; selling: number }[] = [];
    let cursor = '';
    for (let i = 0; i < 3; i++) {
      const res = await api(`/api/v1/admin/products?sort=price&dir=asc&per_page=5&cursor=${cursor}`, owner);
      const page = ((await res.json()) as { data: { items: { id: number; selling: number }[]; next_cursor: string } }).data;
      seen.push(...page.items);
      cursor = page.next_cursor;
    }
    const [cheapest] = await getDb().select({ selling: products.selling }).from(products).orderBy(asc(products.selling)).limit(1);
    expect(seen).toHaveLength(15);
    expect(new Set(seen.map((p) => p.id)).size).toBe(15);
    expect(seen[0]!.selling).toBe(cheapest!.selling);
    expect(seen.map((p) => p.selling)).toEqual([...seen.map((p) => p.selling)].sort((a, b) => a - b));
    expect((await api('/api/v1/admin/products?sort=colour', owner)).status).toBe(422);
  });
});

describe('scope and deletion', () => {
  it('a seller edits their own store’s products; another store’s is 404 and nothing changes', async () => {
    const res = await postForm('/api/v1/seller/products', seller, baseFields({ title: 'Seller own product', store_id: '' }));
    expect(res.status).toBe(200);
    const { id } = ((await res.json()) as { data: { id: number } }).data;
    const [row] = await getDb().select().from(products).where(eq(products.id, id));
    expect(row!.storeId).toBe(stores[0]);
    const [other] = await getDb().select().from(products).where(eq(products.storeId, stores[1])).limit(1);
    const before = await lastAuditId();
    expect((await api(`/api/v1/seller/products/${other!.id}`, seller)).status).toBe(404);
    expect((await postForm(`/api/v1/seller/products/${other!.id}`, seller, baseFields({ selling: '1', offered: '0' }))).status).toBe(404);
    expect((await api('/api/v1/seller/products/bulk', seller, { body: { ids: [id, other!.id], action: 'archive' } })).status).toBe(404);
    // Choosing another store is refused too.
    expect((await postForm('/api/v1/seller/products', seller, baseFields({ store_id: String(stores[1]) }))).status).toBe(422);
    expect(await auditSince(before)).toHaveLength(0);
    const list = (await (await api('/api/v1/seller/products?per_page=100', seller)).json()) as { data: { items: { store_id: number }[] } };
    expect(list.data.items.every((p) => p.store_id === stores[0])).toBe(true);
  });

  it('deleting a product with orders archives it; one without orders is gone', async () => {
    const make = async (title: string) =>
      ((await (await postForm('/api/v1/admin/products', owner, baseFields({ title }))).json()) as { data: { id: number } }).data.id;
    const ordered = await make('Ordered product to delete');
    const fresh = await make('Fresh product to delete');
    const orderId = await makeOrder(stores[0]);
    await getDb().update(orderLines).set({ productId: ordered }).where(eq(orderLines.orderId, orderId));
    const res = await api('/api/v1/admin/products/bulk', owner, { body: { ids: [ordered, fresh], action: 'delete' } });
    expect(res.status).toBe(200);
    const rows = await getDb().select({ id: products.id, status: products.status }).from(products).where(eq(products.id, ordered));
    expect(rows).toEqual([{ id: ordered, status: 2 }]);
    expect(await getDb().select().from(products).where(eq(products.id, fresh))).toHaveLength(0);
  });
});
