import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb, type Tx } from '@/server/db/client';
import {
  brands,
  categories,
  orderLines,
  orders,
  productImages,
  products,
  productSlugRedirects,
  stores,
  subCategories,
} from '@/server/db/schema';
import type { Access, AuditRecord } from '@/server/core/action';
import type { Actor } from '@/server/core/actor';
import type { Scope } from '@/server/core/policy';
import { setSellerApproval } from '@/server/catalog/approval';
import {
  bulkProducts,
  changePicture,
  getEditorOptions,
  getEditorProduct,
  listEditorProducts,
  saveProduct,
  setProductPrices,
} from '@/server/catalog/manage';
import { settleAfterAnswer } from '@/server/core/background';
import { storePictures, type PreparedPicture } from '@/server/uploads/product-pictures';
import { uploadsRoot } from '@/server/uploads/storage';
import { PictureChangeSchema, ProductsQuerySchema, ProductWriteSchema } from '@/lib/schemas/product-write';
import { failure } from './cart-fixtures';

/**
 * catalog/manage.ts called directly (issue 38, docs/mutation-testing.md run AB): the back office's products list
 * (scope, filters, search, sorts and keyset pages), prices and the seller's approval, the editor's product and
 * options, saving (slug, store, references, description, pictures), picture changes and bulk changes. An empty
 * shop with stores, categories and brands of its own, so each test reads exactly the rows it made.
 */
useTestDatabase();

const ANY: Scope = { kind: 'any' };
const own = (...storeIds: number[]): Scope => ({ kind: 'own', storeIds });
const actor = {} as Actor;

/** Runs a service in a transaction with this scope; the audit records it describes are returned beside its result. */
async function run<R>(scope: Scope, fn: (access: Access) => Promise<R>): Promise<{ result: R; audits: AuditRecord[] }> {
  const audits: AuditRecord[] = [];
  const result = await getDb().transaction((tx: Tx) => fn({ scope, tx, audit: (r) => void audits.push(r) }));
  return { result, audits };
}

const approvalRule = (on: boolean) => run(ANY, (a) => setSellerApproval({ seller_approval: on }, actor, a));

let n = 0;
const S: Record<string, number> = {};
const C: Record<string, number> = {};
const B: Record<string, number> = {};

beforeAll(async () => {
  const db = getDb();
  // Names out of id order, so "by name" is not "by id".
  for (const name of ['Zinc Works', 'Anode Audio', 'Mica Parts', 'List One', 'List Two']) {
    const [s] = await db
      .insert(stores)
      .values({ name, slug: name.toLowerCase().replace(/\W+/g, '-') })
      .returning();
    S[name] = s!.id;
  }
  const cats: [string, number][] = [
    ['Toys', 1],
    ['Cables', 2],
    ['Adapters', 2],
  ];
  for (const [title, position] of cats) {
    const [c] = await db
      .insert(categories)
      .values({ title, slug: `cat-${title.toLowerCase()}`, position })
      .returning();
    C[title] = c!.id;
  }
  const subs: [string, string, number][] = [
    ['Cables', 'USB-C', 2],
    ['Cables', 'HDMI', 1],
    ['Cables', 'Audio', 2],
    ['Toys', 'Robots', 0],
  ];
  for (const [cat, title, position] of subs) {
    const [s] = await db
      .insert(subCategories)
      .values({ categoryId: C[cat]!, title, slug: `sub-${title.toLowerCase()}`, position })
      .returning();
    C[title] = s!.id;
  }
  for (const title of ['Voltra', 'Amptek']) {
    const [b] = await db
      .insert(brands)
      .values({ title, slug: `brand-${title.toLowerCase()}` })
      .returning();
    B[title] = b!.id;
  }
});

interface Made {
  id: number;
  slug: string;
}

/** A product with exactly the fields a test reads. */
async function product(over: Partial<typeof products.$inferInsert> = {}): Promise<Made> {
  const k = ++n;
  const [p] = await getDb()
    .insert(products)
    .values({
      slug: `made-${k}`,
      title: `Made ${k}`,
      storeId: S['Zinc Works']!,
      categoryId: C['Cables']!,
      selling: 1000,
      offered: 0,
      stock: 10,
      ...over,
    })
    .returning({ id: products.id, slug: products.slug });
  return p!;
}

const row = async (id: number) => (await getDb().select().from(products).where(eq(products.id, id)))[0]!;

// ————————————————————————————————————————————————————————————————————————————————
// Prices and the seller's approval
// ————————————————————————————————————————————————————————————————————————————————

describe('a price changed from the back office', () => {
  const prices = (scope: Scope, id: number, selling: number, offered: number) =>
    run(scope, (a) => setProductPrices({ id, selling, offered }, actor, a));

  it('the operator: the price is written at once and described in one audit entry', async () => {
    const p = await product({ selling: 2000, offered: 1500 });
    const { result, audits } = await prices(ANY, p.id, 2500, 1900);
    expect(result).toEqual({ id: p.id, slug: p.slug, selling: 2500, offered: 1900, waiting: false });
    expect(await row(p.id)).toMatchObject({ selling: 2500, offered: 1900, pendingSelling: null, pendingOffered: null });
    expect(audits).toEqual([
      { entity: 'product', entityId: p.id, before: { selling: 2000, offered: 1500 }, after: { selling: 2500, offered: 1900 } },
    ]);
  });

  it('a product that does not exist, or of another store for a seller, is "not found" and nothing changes', async () => {
    const p = await product({ selling: 2000, storeId: S['Anode Audio']! });
    for (const [scope, id] of [
      [ANY, p.id + 100_000],
      [own(S['Zinc Works']!), p.id],
      [own(), p.id],
    ] as const) {
      const err = await failure(prices(scope, id, 3000, 0));
      expect([err.code, err.message, err.httpStatus]).toEqual(['NOT_FOUND', 'The product could not be found.', 404]);
    }
    expect((await row(p.id)).selling).toBe(2000);
    // Their own store's product: changed.
    const { result } = await prices(own(S['Mica Parts']!, S['Anode Audio']!), p.id, 3000, 0);
    expect(result.selling).toBe(3000);
  });

  describe('while the shop makes sellers’ changes wait', () => {
    beforeAll(() => approvalRule(true));

    it('a seller’s new price of a live product waits; the old one stays live', async () => {
      const p = await product({ selling: 2000, offered: 1500, approvalReason: 'Too dear last time' });
      const { result, audits } = await prices(own(S['Zinc Works']!), p.id, 1800, 1200);
      expect(result).toEqual({ id: p.id, slug: p.slug, selling: 2000, offered: 1500, waiting: true });
      const r = await row(p.id);
      expect(r).toMatchObject({ selling: 2000, offered: 1500, pendingSelling: 1800, pendingOffered: 1200, approvalReason: null });
      expect(r.approvalRequestedAt).toBeInstanceOf(Date);
      expect(audits).toEqual([
        {
          entity: 'product',
          entityId: p.id,
          before: { selling: 2000, offered: 1500 },
          after: { selling: 1800, offered: 1200, waiting: true },
        },
      ]);
    });

    it('a change of the offered price alone waits too, and so does one of the selling price alone', async () => {
      const a = await product({ selling: 2000, offered: 1500 });
      expect((await prices(own(S['Zinc Works']!), a.id, 2000, 1000)).result.waiting).toBe(true);
      expect(await row(a.id)).toMatchObject({ selling: 2000, offered: 1500, pendingSelling: 2000, pendingOffered: 1000 });
      const b = await product({ selling: 2000, offered: 1500 });
      expect((await prices(own(S['Zinc Works']!), b.id, 2100, 1500)).result.waiting).toBe(true);
      expect(await row(b.id)).toMatchObject({ selling: 2000, pendingSelling: 2100, pendingOffered: 1500 });
    });

    it('the same prices sent again change nothing that waits: what waited is dropped', async () => {
      const p = await product({ selling: 2000, offered: 1500, pendingSelling: 1700, pendingOffered: 0, approvalRequestedAt: new Date() });
      const { result, audits } = await prices(own(S['Zinc Works']!), p.id, 2000, 1500);
      expect(result).toEqual({ id: p.id, slug: p.slug, selling: 2000, offered: 1500, waiting: false });
      expect(await row(p.id)).toMatchObject({ pendingSelling: null, pendingOffered: null, approvalRequestedAt: null });
      expect(audits[0]!.after).toEqual({ selling: 2000, offered: 1500 });
    });

    it('a product not yet live (waiting or refused) takes the seller’s price at once, still waiting for approval', async () => {
      const asked = new Date('2026-01-02T03:04:05Z');
      for (const approval of ['waiting', 'refused'] as const) {
        const p = await product({ selling: 2000, approval, approvalRequestedAt: asked });
        const { result } = await prices(own(S['Zinc Works']!), p.id, 900, 0);
        expect(result).toEqual({ id: p.id, slug: p.slug, selling: 900, offered: 0, waiting: false });
        expect(await row(p.id)).toMatchObject({ selling: 900, offered: 0, pendingSelling: null, approval, approvalRequestedAt: asked });
      }
    });

    it('the operator’s price is the price, and drops the seller’s that waited', async () => {
      const p = await product({ selling: 2000, pendingSelling: 1700, pendingOffered: 100, approvalRequestedAt: new Date() });
      const { result } = await prices(ANY, p.id, 2200, 0);
      expect(result).toEqual({ id: p.id, slug: p.slug, selling: 2200, offered: 0, waiting: false });
      expect(await row(p.id)).toMatchObject({ selling: 2200, pendingSelling: null, pendingOffered: null, approvalRequestedAt: null });
    });
  });

  describe('when the shop does not make them wait', () => {
    beforeAll(() => approvalRule(false));

    it('a seller’s price of a live product is live at once', async () => {
      const p = await product({ selling: 2000 });
      const { result } = await prices(own(S['Zinc Works']!), p.id, 1500, 0);
      expect(result).toEqual({ id: p.id, slug: p.slug, selling: 1500, offered: 0, waiting: false });
      expect(await row(p.id)).toMatchObject({ selling: 1500, pendingSelling: null });
    });
  });
});

// ————————————————————————————————————————————————————————————————————————————————
// The products list
// ————————————————————————————————————————————————————————————————————————————————

describe('the products list', () => {
  const L: Record<string, number> = {};
  const q = (over: Record<string, unknown> = {}) => ProductsQuerySchema.parse({ per_page: 100, ...over });
  const list = async (scope: Scope, over: Record<string, unknown> = {}) =>
    (await listEditorProducts(q(over), scope)).items.map((r) => r.title);
  let one: number;
  let two: number;

  beforeAll(async () => {
    one = S['List One']!;
    two = S['List Two']!;
    const specs: [string, Partial<typeof products.$inferInsert>][] = [
      ['Alpha cable', { storeId: one, selling: 500, stock: 0, status: 1, slug: 'alpha-cable' }],
      ['Beta charger', { storeId: one, selling: 1500, stock: 3, lowStock: 5, status: 0, brandId: B['Voltra']!, image: '/p/beta.jpg' }],
      ['Gamma plug', { storeId: one, selling: 1000, stock: 20, status: 2, categoryId: C['Toys']!, sku: 'SKU-77', slug: 'gamma-plug' }],
      ['Delta hub', { storeId: two, selling: 2000, stock: 5, lowStock: 5, status: 1, image: '' }],
      ['Cord 100% copper', { storeId: two, selling: 1000, stock: 6, lowStock: 5, status: 1, slug: 'cord-full' }],
      ['Cord 1000 copper', { storeId: two, selling: 700, stock: 20, status: 1, slug: 'cord-thousand' }],
      ['Wire_x', { storeId: two, selling: 800, stock: 1, lowStock: 0, status: 1, slug: 'wire-under' }],
      ['Wirexx', { storeId: two, selling: 800, stock: 20, status: 1, slug: 'wire-xx' }],
      ['Book\\stand', { storeId: two, selling: 300, stock: 20, status: 1, slug: 'book-back' }],
      ['Bookstand', { storeId: two, selling: 300, stock: 20, status: 1, slug: 'zeta-slug-only' }],
    ];
    for (const [title, over] of specs) L[title] = (await product({ title, brandId: null, image: null, ...over })).id;
    await getDb().insert(productImages).values({ productId: L['Alpha cable']!, image: '/p/alpha-1.jpg', position: 1 });
  });

  const both = () => own(one, two);
  const ALL_TITLES = [
    'Bookstand',
    'Book\\stand',
    'Wirexx',
    'Wire_x',
    'Cord 1000 copper',
    'Cord 100% copper',
    'Delta hub',
    'Gamma plug',
    'Beta charger',
    'Alpha cable',
  ];

  it('a seller sees their stores’ products only, newest first; a seller of no store sees none', async () => {
    expect(await list(both())).toEqual(ALL_TITLES);
    expect(await list(own(one))).toEqual(['Gamma plug', 'Beta charger', 'Alpha cable']);
    expect(await list(own())).toEqual([]);
    expect(await list(ANY, { store_id: one })).toEqual(['Gamma plug', 'Beta charger', 'Alpha cable']);
    expect((await list(ANY)).length).toBeGreaterThan(ALL_TITLES.length);
  });

  it('shows each row with its store, category, brand, status, prices, stock, picture, date and approval', async () => {
    const [r] = (await listEditorProducts(q({ q: 'Beta charger' }), both())).items;
    const p = await row(L['Beta charger']!);
    expect(r).toEqual({
      id: p.id,
      slug: p.slug,
      title: 'Beta charger',
      store_id: one,
      store_name: 'List One',
      category: 'Cables',
      brand: 'Voltra',
      status: 'draft',
      selling: 1500,
      offered: 0,
      stock: 3,
      image: '/p/beta.jpg',
      updated_at: p.updatedAt.toISOString(),
      approval: 'approved',
      pending_selling: null,
    });
    await getDb().update(products).set({ pendingSelling: 1400, offered: 100 }).where(eq(products.id, p.id));
    const [again] = (await listEditorProducts(q({ q: 'Beta charger' }), both())).items;
    expect(again).toMatchObject({ pending_selling: 1400, offered: 100, status: 'draft' });
    await getDb().update(products).set({ pendingSelling: null, offered: 0 }).where(eq(products.id, p.id));
    const [gamma] = (await listEditorProducts(q({ q: 'Gamma plug' }), both())).items;
    expect(gamma).toMatchObject({ status: 'archived', category: 'Toys', brand: null, image: null, stock: 20, selling: 1000 });
    const [alpha] = (await listEditorProducts(q({ q: 'Alpha cable' }), both())).items;
    expect(alpha).toMatchObject({ status: 'published', stock: 0, selling: 500 });
  });

  it('filters by store, category, brand, status, stock and missing picture', async () => {
    expect(await list(both(), { store_id: two, dir: 'asc' })).toEqual(ALL_TITLES.slice(0, 7).reverse());
    expect(await list(both(), { category_id: C['Toys'] })).toEqual(['Gamma plug']);
    expect(await list(both(), { brand_id: B['Voltra'] })).toEqual(['Beta charger']);
    expect(await list(both(), { status: 'draft' })).toEqual(['Beta charger']);
    expect(await list(both(), { status: 'archived' })).toEqual(['Gamma plug']);
    expect(await list(both(), { status: 'published', store_id: one })).toEqual(['Alpha cable']);
    expect(await list(both(), { stock: 'out' })).toEqual(['Alpha cable']);
    // Low: above 0 and at or below the product's own threshold (a threshold of 0: never low).
    expect(await list(both(), { stock: 'low' })).toEqual(['Delta hub', 'Beta charger']);
    expect(await list(both(), { stock: 'in', store_id: one })).toEqual(['Gamma plug', 'Beta charger']);
    // No picture: no main picture (none or empty) and no picture rows.
    expect(await list(both(), { no_picture: true, store_id: one })).toEqual(['Gamma plug']);
    expect(await list(both(), { no_picture: true, q: 'Delta' })).toEqual(['Delta hub']);
    expect(await list(both(), { store_id: one, category_id: C['Cables'], stock: 'in' })).toEqual(['Beta charger']);
  });

  it('searches the title (any part, any case, %, _ and \\ as typed), the slug when the search could be one, and the exact SKU', async () => {
    expect(await list(both(), { q: 'CHARGER' })).toEqual(['Beta charger']);
    expect(await list(both(), { q: '100%' })).toEqual(['Cord 100% copper']);
    expect(await list(both(), { q: 'wire_' })).toEqual(['Wire_x']);
    expect(await list(both(), { q: 'k\\s' })).toEqual(['Book\\stand']);
    expect(await list(both(), { q: 'zeta-slug' })).toEqual(['Bookstand']);
    expect(await list(both(), { q: 'ZETA-SLUG' })).toEqual(['Bookstand']);
    expect(await list(both(), { q: 'SKU-77' })).toEqual(['Gamma plug']);
    expect(await list(both(), { q: 'SKU-7' })).toEqual([]);
    expect(await list(both(), { q: 'cord 100' })).toEqual(['Cord 1000 copper', 'Cord 100% copper']);
  });

  /** Every page of a walk through the list, `per` rows a page, as titles. */
  async function walk(scope: Scope, over: Record<string, unknown>, per: number): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const page = await listEditorProducts(q({ ...over, per_page: per, cursor }), scope);
      pages.push(page.items.map((r) => r.title));
      if (!page.next_cursor) return pages;
      cursor = page.next_cursor;
    }
    throw new Error('the list never ended');
  }

  it('walks the newest first, or the oldest first, in pages that neither overlap nor skip', async () => {
    expect(await walk(both(), {}, 4)).toEqual([ALL_TITLES.slice(0, 4), ALL_TITLES.slice(4, 8), ALL_TITLES.slice(8)]);
    expect(await walk(both(), { sort: 'newest', dir: 'asc' }, 5)).toEqual([
      [...ALL_TITLES].reverse().slice(0, 5),
      [...ALL_TITLES].reverse().slice(5),
    ]);
    const first = await listEditorProducts(q({ per_page: 10 }), both());
    expect(first.next_cursor).toBeNull();
    const short = await listEditorProducts(q({ per_page: 9 }), both());
    expect(short.items).toHaveLength(9);
    expect(short.next_cursor).not.toBeNull();
  });

  it('sorts by title, price or stock, each way, the id breaking ties, in pages', async () => {
    expect((await walk(own(one), { sort: 'title', dir: 'asc' }, 2)).flat()).toEqual(['Alpha cable', 'Beta charger', 'Gamma plug']);
    expect(await walk(own(one), { sort: 'title', dir: 'desc' }, 2)).toEqual([['Gamma plug', 'Beta charger'], ['Alpha cable']]);
    // Price: ties (1000, 800, 300) go by id.
    expect(await walk(both(), { sort: 'price', dir: 'asc' }, 3)).toEqual([
      ['Book\\stand', 'Bookstand', 'Alpha cable'],
      ['Cord 1000 copper', 'Wire_x', 'Wirexx'],
      ['Gamma plug', 'Cord 100% copper', 'Beta charger'],
      ['Delta hub'],
    ]);
    expect(await walk(both(), { sort: 'price', dir: 'desc' }, 3)).toEqual([
      ['Delta hub', 'Beta charger', 'Cord 100% copper'],
      ['Gamma plug', 'Wirexx', 'Wire_x'],
      ['Cord 1000 copper', 'Alpha cable', 'Bookstand'],
      ['Book\\stand'],
    ]);
    expect(await walk(both(), { sort: 'stock', dir: 'asc' }, 4)).toEqual([
      ['Alpha cable', 'Wire_x', 'Beta charger', 'Delta hub'],
      ['Cord 100% copper', 'Gamma plug', 'Cord 1000 copper', 'Wirexx'],
      ['Book\\stand', 'Bookstand'],
    ]);
    expect(await walk(both(), { sort: 'stock', dir: 'desc' }, 4)).toEqual([
      ['Bookstand', 'Book\\stand', 'Wirexx', 'Cord 1000 copper'],
      ['Gamma plug', 'Cord 100% copper', 'Delta hub', 'Beta charger'],
      ['Wire_x', 'Alpha cable'],
    ]);
  });

  it('a broken page link is refused in words', async () => {
    const err = await failure(listEditorProducts(q({ cursor: 'bm9wZQ' }), both()));
    expect([err.code, err.message]).toEqual(['VALIDATION', 'This page link is broken. Start from the first page.']);
    // A cursor of the newest sort (one key) does not walk the price sort (two keys).
    const page = await listEditorProducts(q({ per_page: 1 }), both());
    const wrong = await failure(listEditorProducts(q({ per_page: 1, sort: 'price', cursor: page.next_cursor }), both()));
    expect(wrong.message).toBe('This page link is broken. Start from the first page.');
  });
});

// ————————————————————————————————————————————————————————————————————————————————
// One product in the editor, and the editor's selects
// ————————————————————————————————————————————————————————————————————————————————

/** An order line of this product (an order of its store, as checkout leaves it). */
async function orderOf(productId: number, storeId = S['Zinc Works']!) {
  const k = `${process.pid}-${++n}`;
  const [o] = await getDb()
    .insert(orders)
    .values({
      orderNo: `CM${k}`,
      storeId,
      status: 'pending',
      paymentMethod: 2,
      email: `buyer-${k}@example.com`,
      trackingCode: `CT${k}`,
      subtotal: 1000,
      total: 1000,
      shippingAddress: {
        name: 'Bea Buyer',
        email: 'bea@example.com',
        phone: '5125550100',
        country: 'US',
        state: 'TX',
        city: 'Austin',
        zip: '78701',
        address_1: '1 Main St',
        address_2: '',
      },
    })
    .returning({ id: orders.id });
  await getDb()
    .insert(orderLines)
    .values({ orderId: o!.id, productId, title: 'Bench charger', unitPrice: 1000, quantity: 1, lineTotal: 1000 });
}

describe('one product in the editor', () => {
  it('shows every field, its pictures in order (the main one marked), its former slugs and whether it was ordered', async () => {
    const p = await product({
      title: 'Editor view',
      slug: 'editor-view',
      storeId: S['Mica Parts']!,
      categoryId: C['Cables']!,
      subCategoryId: C['HDMI']!,
      brandId: B['Amptek']!,
      status: 2,
      selling: 4500,
      offered: 3900,
      stock: 7,
      lowStock: 2,
      maxPerOrder: 4,
      description: '<p>Long</p>',
      seoTitle: 'SEO t',
      seoDescription: 'SEO d',
      image: '/p/second.jpg',
      approval: 'refused',
      approvalReason: 'Blurry pictures',
      pendingSelling: 4000,
      pendingOffered: 0,
    });
    const pics = await getDb()
      .insert(productImages)
      .values([
        { productId: p.id, image: '/p/third.jpg', position: 3, alt: 'Back' },
        { productId: p.id, image: '/p/second.jpg', position: 2, alt: 'Side' },
        { productId: p.id, image: '/p/first.jpg', position: 1, alt: '' },
        { productId: p.id, image: '/p/tie.jpg', position: 3, alt: 'Tie' },
      ])
      .returning({ id: productImages.id });
    await getDb()
      .insert(productSlugRedirects)
      .values([
        { slug: 'editor-old', productId: p.id },
        { slug: 'editor-older', productId: p.id },
      ]);
    const shown = await getEditorProduct(p.id, own(S['Mica Parts']!));
    expect({ ...shown, old_slugs: [...shown.old_slugs].sort() }).toEqual({
      id: p.id,
      slug: 'editor-view',
      title: 'Editor view',
      store_id: S['Mica Parts'],
      category_id: C['Cables'],
      sub_category_id: C['HDMI'],
      brand_id: B['Amptek'],
      status: 'archived',
      selling: 4500,
      offered: 3900,
      stock: 7,
      low_stock: 2,
      max_per_order: 4,
      description: '<p>Long</p>',
      seo_title: 'SEO t',
      seo_description: 'SEO d',
      image: '/p/second.jpg',
      pictures: [
        { id: pics[2]!.id, url: '/p/first.jpg', alt: '', main: false },
        { id: pics[1]!.id, url: '/p/second.jpg', alt: 'Side', main: true },
        { id: pics[0]!.id, url: '/p/third.jpg', alt: 'Back', main: false },
        { id: pics[3]!.id, url: '/p/tie.jpg', alt: 'Tie', main: false },
      ],
      old_slugs: ['editor-old', 'editor-older'],
      has_orders: false,
      approval: 'refused',
      approval_reason: 'Blurry pictures',
      pending_selling: 4000,
      pending_offered: 0,
    });
    await orderOf(p.id, S['Mica Parts']!);
    expect((await getEditorProduct(p.id, ANY)).has_orders).toBe(true);
  });

  it('a bare product: no sub-category, brand, picture or former slug', async () => {
    const p = await product({ status: 0 });
    expect(await getEditorProduct(p.id, ANY)).toMatchObject({
      status: 'draft',
      sub_category_id: null,
      brand_id: null,
      image: null,
      pictures: [],
      old_slugs: [],
      has_orders: false,
      approval: 'approved',
      approval_reason: null,
      pending_selling: null,
      pending_offered: null,
    });
    expect((await getEditorProduct((await product({ status: 1 })).id, ANY)).status).toBe('published');
  });

  it('another store’s product, for a seller, or none at all, is "not found"', async () => {
    const p = await product({ storeId: S['Anode Audio']! });
    for (const [scope, id] of [
      [own(S['Zinc Works']!), p.id],
      [own(), p.id],
      [ANY, p.id + 100_000],
    ] as const) {
      const err = await failure(getEditorProduct(id, scope));
      expect([err.code, err.message]).toEqual(['NOT_FOUND', 'The product could not be found.']);
    }
  });

  it('offers the stores in scope by name, every category with its sub-categories in order, every brand by name', async () => {
    const cats = [
      { id: C['Toys'], title: 'Toys', subs: [{ id: C['Robots'], title: 'Robots' }] },
      { id: C['Adapters'], title: 'Adapters', subs: [] },
      {
        id: C['Cables'],
        title: 'Cables',
        subs: [
          { id: C['HDMI'], title: 'HDMI' },
          { id: C['Audio'], title: 'Audio' },
          { id: C['USB-C'], title: 'USB-C' },
        ],
      },
    ];
    const brandList = [
      { id: B['Amptek'], title: 'Amptek' },
      { id: B['Voltra'], title: 'Voltra' },
    ];
    expect(await getEditorOptions(ANY)).toEqual({
      stores: ['Anode Audio', 'List One', 'List Two', 'Mica Parts', 'Zinc Works'].map((name) => ({ id: S[name], name })),
      categories: cats,
      brands: brandList,
    });
    expect(await getEditorOptions(own(S['Zinc Works']!, S['Mica Parts']!))).toEqual({
      stores: [
        { id: S['Mica Parts'], name: 'Mica Parts' },
        { id: S['Zinc Works'], name: 'Zinc Works' },
      ],
      categories: cats,
      brands: brandList,
    });
    expect((await getEditorOptions(own())).stores).toEqual([]);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
// Saving a product
// ————————————————————————————————————————————————————————————————————————————————

const NO_PICTURES: PreparedPicture[] = [];
/** A stand-in for a checked, re-encoded picture (storePictures writes the bytes as they are). */
const picture = (): PreparedPicture => ({
  fallback: 'jpg',
  files: [{ size: 'zoom', webp: Buffer.from('webp bytes'), fallback: Buffer.from('jpeg bytes') }],
});
const fileOf = (url: string) => path.join(uploadsRoot(), 'products', path.basename(url));

const form = (over: Record<string, unknown> = {}) =>
  ProductWriteSchema.parse({ title: 'Saved product', category_id: C['Cables'], selling: 2500, offered: 0, ...over });
const save = (scope: Scope, over: Record<string, unknown> = {}, pictures = NO_PICTURES) =>
  run(scope, (a) => saveProduct(form(over), pictures, a));

describe('saving a product', () => {
  it('creates one with every field of the form, its slug made from the title, and says so in one audit entry', async () => {
    const { result, audits } = await save(ANY, {
      title: 'USB-C Charger 65 W',
      store_id: S['Mica Parts'],
      category_id: C['Cables'],
      sub_category_id: C['USB-C'],
      brand_id: B['Voltra'],
      status: 'published',
      selling: 4999,
      offered: 3999,
      stock: 12,
      low_stock: 3,
      max_per_order: 4,
      description: 'Charges fast.',
      seo_title: 'Charger',
      seo_description: 'A fast charger',
    });
    expect(result).toEqual({ id: result.id, slug: 'usb-c-charger-65-w', status: 'published', created: true, pictures: 0, waiting: false });
    expect(await row(result.id)).toMatchObject({
      slug: 'usb-c-charger-65-w',
      title: 'USB-C Charger 65 W',
      storeId: S['Mica Parts'],
      categoryId: C['Cables'],
      subCategoryId: C['USB-C'],
      brandId: B['Voltra'],
      status: 1,
      selling: 4999,
      offered: 3999,
      pendingSelling: null,
      pendingOffered: null,
      approval: 'approved',
      approvalRequestedAt: null,
      stock: 12,
      lowStock: 3,
      maxPerOrder: 4,
      description: '<p>Charges fast.</p>',
      seoTitle: 'Charger',
      seoDescription: 'A fast charger',
      image: null,
    });
    expect(audits).toEqual([
      {
        entity: 'product',
        entityId: result.id,
        before: null,
        after: {
          slug: 'usb-c-charger-65-w',
          title: 'USB-C Charger 65 W',
          store_id: S['Mica Parts'],
          category_id: C['Cables'],
          status: 1,
          selling: 4999,
          offered: 3999,
          stock: 12,
          pictures_added: 0,
        },
      },
    ]);
  });

  it('a new product without a stock count starts at 0; an edit without one keeps the stock', async () => {
    const { result } = await save(ANY, { title: 'No count', store_id: S['Zinc Works'], status: 'archived' });
    expect(result.status).toBe('archived');
    expect(await row(result.id)).toMatchObject({ stock: 0, status: 2, lowStock: 5, maxPerOrder: 10, subCategoryId: null, brandId: null });
    await getDb().update(products).set({ stock: 9 }).where(eq(products.id, result.id));
    const edit = await save(ANY, { id: result.id, title: 'No count, edited', store_id: S['Zinc Works'], status: 'draft' });
    // No slug typed: made from the new title (the old one redirects).
    expect(edit.result).toMatchObject({ id: result.id, slug: 'no-count-edited', created: false, status: 'draft' });
    expect(await row(result.id)).toMatchObject({ stock: 9, title: 'No count, edited', status: 0 });
    // The audit entry says what it was and what it became.
    expect(edit.audits).toEqual([
      {
        entity: 'product',
        entityId: result.id,
        before: {
          slug: 'no-count',
          title: 'No count',
          store_id: S['Zinc Works'],
          category_id: C['Cables'],
          status: 2,
          selling: 2500,
          offered: 0,
          stock: 9,
        },
        after: {
          slug: 'no-count-edited',
          title: 'No count, edited',
          store_id: S['Zinc Works'],
          category_id: C['Cables'],
          status: 0,
          selling: 2500,
          offered: 0,
          stock: undefined,
          pictures_added: 0,
        },
      },
    ]);
    await save(ANY, { id: result.id, title: 'No count', store_id: S['Zinc Works'], stock: 4 });
    expect((await row(result.id)).stock).toBe(4);
  });

  it('a title already taken gets the next free number; a former slug counts as taken', async () => {
    const first = (await save(ANY, { title: 'Twin Lamp', store_id: S['Zinc Works'] })).result;
    const second = (await save(ANY, { title: 'Twin  lamp!', store_id: S['Zinc Works'] })).result;
    await getDb().insert(productSlugRedirects).values({ slug: 'twin-lamp-3', productId: first.id });
    const third = (await save(ANY, { title: 'twin lamp', store_id: S['Zinc Works'] })).result;
    expect([first.slug, second.slug, third.slug]).toEqual(['twin-lamp', 'twin-lamp-2', 'twin-lamp-4']);
    // Saved again with no slug typed, a product keeps the slug made from its title (its own is not "taken").
    expect((await save(ANY, { id: second.id, title: 'Twin Lamp', store_id: S['Zinc Works'] })).result.slug).toBe('twin-lamp-2');
  });

  it('a slug typed is used; one another product has (now or formerly) is refused, naming the field', async () => {
    const a = (await save(ANY, { title: 'Slug owner', slug: 'my-slug', store_id: S['Zinc Works'] })).result;
    expect(a.slug).toBe('my-slug');
    await getDb().insert(productSlugRedirects).values({ slug: 'my-old-slug', productId: a.id });
    for (const slug of ['my-slug', 'my-old-slug']) {
      const err = await failure(save(ANY, { title: 'Slug thief', slug, store_id: S['Zinc Works'] }));
      const message = 'Another product has this slug. Choose another one.';
      expect([err.code, err.message, err.details]).toEqual(['VALIDATION', message, { fields: { slug: message } }]);
    }
    // Its own slug, or its own former one, is its to keep.
    expect((await save(ANY, { id: a.id, title: 'Slug owner', slug: 'my-slug', store_id: S['Zinc Works'] })).result.slug).toBe('my-slug');
    const unchanged = await getDb().select().from(productSlugRedirects).where(eq(productSlugRedirects.productId, a.id));
    expect(unchanged.map((r) => r.slug)).toEqual(['my-old-slug']);
    expect((await save(ANY, { id: a.id, title: 'Slug owner', slug: 'my-old-slug', store_id: S['Zinc Works'] })).result.slug).toBe(
      'my-old-slug',
    );
    // The address it had redirects here; the one it has again is no longer a redirect.
    const redirects = await getDb().select().from(productSlugRedirects).where(eq(productSlugRedirects.productId, a.id));
    expect(redirects.map((r) => r.slug)).toEqual(['my-slug']);
  });

  it('a changed slug leaves the old one redirecting, even one that redirected to another product before', async () => {
    const other = await product();
    await getDb().insert(productSlugRedirects).values({ slug: 'moved-once', productId: other.id });
    const { result } = await save(ANY, { title: 'Mover', slug: 'moved-once-x', store_id: S['Zinc Works'] });
    await getDb().delete(productSlugRedirects).where(eq(productSlugRedirects.slug, 'moved-once'));
    await getDb().update(products).set({ slug: 'moved-once' }).where(eq(products.id, result.id));
    await getDb().insert(productSlugRedirects).values({ slug: 'moved-once', productId: other.id }).onConflictDoNothing();
    // (the row above cannot exist beside the product's own slug in practice; the upsert must still point it here)
    const saved = await save(ANY, { id: result.id, title: 'Mover', slug: 'moved-twice', store_id: S['Zinc Works'] });
    expect(saved.result.slug).toBe('moved-twice');
    const [r] = await getDb().select().from(productSlugRedirects).where(eq(productSlugRedirects.slug, 'moved-once'));
    expect(r!.productId).toBe(result.id);
  });

  it('the store: the one chosen, the current one on an edit, or a seller’s only store; refused otherwise, in words', async () => {
    const seller = own(S['Zinc Works']!);
    const mine = (await save(seller, { title: 'Seller made' })).result;
    expect((await row(mine.id)).storeId).toBe(S['Zinc Works']);
    const moved = (await save(ANY, { title: 'Operator made', store_id: S['Anode Audio'] })).result;
    await save(ANY, { id: moved.id, title: 'Operator made' });
    expect((await row(moved.id)).storeId).toBe(S['Anode Audio']);
    const cases: [Scope, Record<string, unknown>, string][] = [
      [ANY, {}, 'Choose the store that sells this product.'],
      [own(S['Zinc Works']!, S['Mica Parts']!), {}, 'Choose the store that sells this product.'],
      [own(), {}, 'Choose the store that sells this product.'],
      [seller, { store_id: S['Mica Parts'] }, 'You can only add products to your own store.'],
      [ANY, { store_id: 999_999 }, 'Choose the store that sells this product.'],
    ];
    for (const [scope, over, message] of cases) {
      const err = await failure(save(scope, { title: 'Never saved', ...over }));
      expect([err.code, err.message, err.details]).toEqual(['VALIDATION', message, { fields: { store_id: message } }]);
    }
    // A seller moving their product to another store is refused too.
    const err = await failure(save(seller, { id: mine.id, title: 'Seller made', store_id: S['Mica Parts'] }));
    expect(err.message).toBe('You can only add products to your own store.');
    expect(await getDb().select().from(products).where(eq(products.title, 'Never saved'))).toEqual([]);
  });

  it('the category, sub-category (of that category) and brand must exist, each refused in words', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ category_id: 999_999 }, 'category_id', 'Choose one of the categories.'],
      [{ sub_category_id: 999_999 }, 'sub_category_id', 'Choose a sub-category of the chosen category (or none).'],
      [{ sub_category_id: C['Robots'] }, 'sub_category_id', 'Choose a sub-category of the chosen category (or none).'],
      [{ brand_id: 999_999 }, 'brand_id', 'Choose one of the brands (or none).'],
    ];
    for (const [over, field, message] of cases) {
      const err = await failure(save(ANY, { title: 'Never saved', store_id: S['Zinc Works'], ...over }));
      expect([err.code, err.message, err.details]).toEqual(['VALIDATION', message, { fields: { [field]: message } }]);
    }
    const ok = (await save(ANY, { title: 'Toy robot', store_id: S['Zinc Works'], category_id: C['Toys'], sub_category_id: C['Robots'] }))
      .result;
    expect(await row(ok.id)).toMatchObject({ categoryId: C['Toys'], subCategoryId: C['Robots'] });
  });

  it('another store’s product, for a seller, or none at all, is "not found"', async () => {
    const p = await product({ storeId: S['Anode Audio']!, title: 'Not yours' });
    for (const [scope, id] of [
      [own(S['Zinc Works']!), p.id],
      [ANY, p.id + 100_000],
    ] as const) {
      const err = await failure(save(scope, { id, title: 'Taken over', store_id: S['Zinc Works'] }));
      expect([err.code, err.message]).toEqual(['NOT_FOUND', 'The product could not be found.']);
    }
    expect((await row(p.id)).title).toBe('Not yours');
  });

  describe('while sellers’ changes wait for the operator', () => {
    beforeAll(() => approvalRule(true));

    it('a seller’s new product waits; the operator’s does not', async () => {
      const { result } = await save(own(S['Zinc Works']!), { title: 'Seller new' });
      expect(result.waiting).toBe(true);
      const r = await row(result.id);
      expect(r.approval).toBe('waiting');
      expect(r.approvalRequestedAt).toBeInstanceOf(Date);
      const op = (await save(ANY, { title: 'Operator new', store_id: S['Zinc Works'] })).result;
      expect(op.waiting).toBe(false);
      expect(await row(op.id)).toMatchObject({ approval: 'approved', approvalRequestedAt: null });
    });

    it('a refused product saved by its seller asks again; saved by the operator it stays refused', async () => {
      const p = await product({ approval: 'refused', approvalReason: 'Blurry' });
      expect((await save(ANY, { id: p.id, title: 'Refused one' })).result.waiting).toBe(false);
      expect((await row(p.id)).approval).toBe('refused');
      const { result } = await save(own(S['Zinc Works']!), { id: p.id, title: 'Refused one' });
      expect(result.waiting).toBe(true);
      const r = await row(p.id);
      expect(r.approval).toBe('waiting');
      expect(r.approvalRequestedAt).toBeInstanceOf(Date);
    });

    it('a waiting product stays waiting; a live one’s new price waits while the rest is saved', async () => {
      const asked = new Date('2026-02-03T04:05:06Z');
      const w = await product({ approval: 'waiting', approvalRequestedAt: asked });
      expect((await save(own(S['Zinc Works']!), { id: w.id, title: 'Still waiting' })).result.waiting).toBe(true);
      expect(await row(w.id)).toMatchObject({ approval: 'waiting', approvalRequestedAt: asked, selling: 2500 });
      const live = await product({ selling: 2000 });
      const { result } = await save(own(S['Zinc Works']!), { id: live.id, title: 'Live renamed', selling: 1800 });
      expect(result.waiting).toBe(true);
      expect(await row(live.id)).toMatchObject({ title: 'Live renamed', approval: 'approved', selling: 2000, pendingSelling: 1800 });
      const same = await product({ selling: 2500 });
      expect((await save(own(S['Zinc Works']!), { id: same.id, title: 'Same price' })).result.waiting).toBe(false);
    });
  });

  describe('when sellers’ changes do not wait', () => {
    beforeAll(() => approvalRule(false));

    it('a seller’s new product is approved at once', async () => {
      const { result } = await save(own(S['Zinc Works']!), { title: 'Seller direct' });
      expect(result.waiting).toBe(false);
      expect((await row(result.id)).approval).toBe('approved');
    });
  });

  it('stores new pictures after the others; the first becomes the main one when there is none', async () => {
    const { result, audits } = await save(ANY, { title: 'Pictured', store_id: S['Zinc Works'] }, [picture(), picture()]);
    expect(result.pictures).toBe(2);
    expect(audits[0]!.after).toMatchObject({ pictures_added: 2 });
    const pics = () =>
      getDb().select().from(productImages).where(eq(productImages.productId, result.id)).orderBy(asc(productImages.position));
    const [a, b] = await pics();
    expect(a!.image).toMatch(/^\/uploads\/products\/[a-f0-9]{24}-zoom\.jpg$/);
    expect([a!.position, b!.position]).toEqual([1, 2]);
    expect(fs.readFileSync(fileOf(a!.image), 'utf8')).toBe('jpeg bytes');
    expect((await row(result.id)).image).toBe(a!.image);
    const again = await save(ANY, { id: result.id, title: 'Pictured' }, [picture()]);
    expect(again.result.pictures).toBe(1);
    const all = await pics();
    expect(all.map((p) => p.position)).toEqual([1, 2, 3]);
    expect((await row(result.id)).image).toBe(a!.image);
    // A product without a main picture takes the first new one.
    await getDb().update(products).set({ image: null }).where(eq(products.id, result.id));
    await getDb().delete(productImages).where(eq(productImages.productId, result.id));
    await save(ANY, { id: result.id, title: 'Pictured' }, [picture()]);
    const [only] = await pics();
    expect(only!.position).toBe(1);
    expect((await row(result.id)).image).toBe(only!.image);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
// Pictures
// ————————————————————————————————————————————————————————————————————————————————

describe('a picture changed', () => {
  /** A product with pictures at these positions (the first one main). */
  async function pictured(positions: number[], storeId = S['Zinc Works']!) {
    const k = ++n;
    const p = await product({ storeId, image: `/p/${k}-0.jpg` });
    const pics = await getDb()
      .insert(productImages)
      .values(positions.map((position, i) => ({ productId: p.id, image: `/p/${k}-${i}.jpg`, position })))
      .returning({ id: productImages.id });
    return { id: p.id, pics: pics.map((r) => r.id), url: (i: number) => `/p/${k}-${i}.jpg` };
  }
  const change = (scope: Scope, input: Record<string, unknown>) => run(scope, (a) => changePicture(PictureChangeSchema.parse(input), a));
  const order = async (id: number) =>
    (await getDb().select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position))).map((r) => [
      r.id,
      r.position,
    ]);

  it('moves one up or down, the positions counted 1, 2, 3…; the first cannot go up nor the last down', async () => {
    const { id, pics, url } = await pictured([5, 9, 12]);
    const [a, b, c] = pics as [number, number, number];
    const { result, audits } = await change(ANY, { id, picture_id: a, op: 'down' });
    expect(result).toEqual({ id, picture_id: a, op: 'down' });
    expect(await order(id)).toEqual([
      [b, 1],
      [a, 2],
      [c, 3],
    ]);
    expect(audits).toEqual([
      {
        entity: 'product',
        entityId: id,
        before: { picture_id: a, position: 1, alt: '', main: true },
        after: { picture_id: a, op: 'down' },
      },
    ]);
    await change(ANY, { id, picture_id: c, op: 'up' });
    expect((await order(id)).map(([i]) => i)).toEqual([b, c, a]);
    await change(ANY, { id, picture_id: b, op: 'up' });
    await change(ANY, { id, picture_id: a, op: 'down' });
    expect((await order(id)).map(([i]) => i)).toEqual([b, c, a]);
    await change(ANY, { id, picture_id: c, op: 'up' });
    expect((await order(id)).map(([i]) => i)).toEqual([c, b, a]);
    expect((await row(id)).image).toBe(url(0));
  });

  it('makes one the main one: first in the list and the product’s picture', async () => {
    const { id, pics, url } = await pictured([1, 2, 3]);
    const [a, b, c] = pics as [number, number, number];
    const { audits } = await change(ANY, { id, picture_id: c, op: 'main' });
    expect(await order(id)).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    expect((await row(id)).image).toBe(url(2));
    expect(audits[0]!.before).toEqual({ picture_id: c, position: 3, alt: '', main: false });
  });

  it('pictures all left at position 0 (the column’s default) are counted 1, 2, 3… in their order', async () => {
    const { id, pics } = await pictured([0, 0, 0]);
    await change(ANY, { id, picture_id: pics[2], op: 'alt', alt: 'Back' });
    expect(await order(id)).toEqual([
      [pics[0], 1],
      [pics[1], 2],
      [pics[2], 3],
    ]);
  });

  it('describes one (its alt text, in the audit entry too)', async () => {
    const { id, pics } = await pictured([1, 2]);
    const { audits } = await change(ANY, { id, picture_id: pics[1], op: 'alt', alt: 'The charger, side' });
    const [r] = await getDb().select().from(productImages).where(eq(productImages.id, pics[1]!));
    expect(r!.alt).toBe('The charger, side');
    expect(audits[0]!.after).toEqual({ picture_id: pics[1], op: 'alt', alt: 'The charger, side' });
    expect(await order(id)).toEqual([
      [pics[0], 1],
      [pics[1], 2],
    ]);
  });

  it('removes one (its files after the answer); the next becomes the main one, none when it was the last', async () => {
    const p = await product();
    const [url] = await storePictures([picture()]);
    const [keep] = await storePictures([picture()]);
    const [first, second] = await getDb()
      .insert(productImages)
      .values([
        { productId: p.id, image: url!, position: 1 },
        { productId: p.id, image: keep!, position: 2 },
      ])
      .returning({ id: productImages.id });
    await getDb().update(products).set({ image: url! }).where(eq(products.id, p.id));
    expect(fs.existsSync(fileOf(url!))).toBe(true);
    await change(ANY, { id: p.id, picture_id: first!.id, op: 'remove' });
    await settleAfterAnswer();
    expect(fs.existsSync(fileOf(url!))).toBe(false);
    expect(fs.existsSync(fileOf(keep!))).toBe(true);
    expect(await order(p.id)).toEqual([[second!.id, 1]]);
    expect((await row(p.id)).image).toBe(keep);
    await change(ANY, { id: p.id, picture_id: second!.id, op: 'remove' });
    expect(await order(p.id)).toEqual([]);
    expect((await row(p.id)).image).toBeNull();
  });

  it('removing one that is not the main one keeps the main one', async () => {
    const { id, pics, url } = await pictured([1, 2, 3]);
    // The main one is the last in the list here.
    await getDb()
      .update(products)
      .set({ image: url(2) })
      .where(eq(products.id, id));
    await change(ANY, { id, picture_id: pics[1], op: 'remove' });
    expect(await order(id)).toEqual([
      [pics[0], 1],
      [pics[2], 2],
    ]);
    expect((await row(id)).image).toBe(url(2));
  });

  it('a picture of another product is "not found", and so is another store’s product for a seller', async () => {
    const one = await pictured([1]);
    const other = await pictured([1], S['Anode Audio']!);
    const err = await failure(change(ANY, { id: one.id, picture_id: other.pics[0], op: 'main' }));
    expect([err.code, err.message]).toEqual(['NOT_FOUND', 'The picture could not be found.']);
    for (const [scope, id] of [
      [own(S['Zinc Works']!), other.id],
      [ANY, other.id + 100_000],
    ] as const) {
      const e = await failure(change(scope, { id, picture_id: other.pics[0], op: 'remove' }));
      expect([e.code, e.message]).toEqual(['NOT_FOUND', 'The product could not be found.']);
    }
    expect(await order(other.id)).toEqual([[other.pics[0], 1]]);
  });
});

// ————————————————————————————————————————————————————————————————————————————————
// Bulk changes
// ————————————————————————————————————————————————————————————————————————————————

describe('a bulk change of ticked products', () => {
  const bulk = (scope: Scope, ids: number[], action: string) => run(scope, (a) => bulkProducts({ ids, action } as never, a));
  const statuses = async (ids: number[]) =>
    (await getDb().select({ id: products.id, status: products.status }).from(products).where(inArray(products.id, ids))).map(
      (r) => r.status,
    );

  it('publishes, unpublishes (draft) or archives them all, saying what each was', async () => {
    const ids = [(await product({ status: 0 })).id, (await product({ status: 2 })).id, (await product({ status: 1 })).id];
    const { result, audits } = await bulk(ANY, ids, 'publish');
    expect(result).toEqual({ changed: 3, deleted: 0, archived: 0 });
    expect(await statuses(ids)).toEqual([1, 1, 1]);
    expect(audits).toEqual([
      {
        entity: 'product',
        entityId: null,
        before: { ids, status: ['draft', 'archived', 'published'] },
        after: { ids, action: 'publish', deleted: 0, archived: 0 },
      },
    ]);
    await bulk(ANY, ids, 'unpublish');
    expect(await statuses(ids)).toEqual([0, 0, 0]);
    await bulk(own(S['Zinc Works']!), ids, 'archive');
    expect(await statuses(ids)).toEqual([2, 2, 2]);
  });

  it('deletes those never ordered (their picture files after the answer) and archives those that were', async () => {
    const ordered = await product({ status: 1 });
    const fresh = await product({ status: 0 });
    await orderOf(ordered.id);
    const [url] = await storePictures([picture()]);
    await getDb().insert(productImages).values({ productId: fresh.id, image: url!, position: 1 });
    const { result, audits } = await bulk(ANY, [ordered.id, fresh.id], 'delete');
    expect(result).toEqual({ changed: 2, deleted: 1, archived: 1 });
    expect(
      await getDb()
        .select({ id: products.id, status: products.status })
        .from(products)
        .where(inArray(products.id, [ordered.id, fresh.id])),
    ).toEqual([{ id: ordered.id, status: 2 }]);
    expect(audits[0]!.after).toEqual({ ids: [ordered.id, fresh.id], action: 'delete', deleted: 1, archived: 0 + 1 });
    await settleAfterAnswer();
    expect(fs.existsSync(fileOf(url!))).toBe(false);
    // Only ordered ones: nothing deleted.
    const again = await product({ status: 1 });
    await orderOf(again.id);
    expect((await bulk(ANY, [again.id], 'delete')).result).toEqual({ changed: 1, deleted: 0, archived: 1 });
    const gone = await product({ status: 1 });
    expect((await bulk(ANY, [gone.id], 'delete')).result).toEqual({ changed: 1, deleted: 1, archived: 0 });
    expect(await statuses([again.id, gone.id])).toEqual([2]);
  });

  it('one ticked product of another store (for a seller) or gone: "not found", and none is changed', async () => {
    const mine = await product({ status: 0 });
    const theirs = await product({ status: 0, storeId: S['Anode Audio']! });
    for (const [scope, ids] of [
      [own(S['Zinc Works']!), [mine.id, theirs.id]],
      [ANY, [mine.id, theirs.id + 100_000]],
    ] as const) {
      const err = await failure(bulk(scope, [...ids], 'publish'));
      expect([err.code, err.message]).toEqual(['NOT_FOUND', 'The product could not be found.']);
    }
    expect(await statuses([mine.id, theirs.id])).toEqual([0, 0]);
  });
});
