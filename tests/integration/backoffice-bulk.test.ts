import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { catalogUploads, categories, inventories, products, stockLedger, stores } from '@/server/db/schema';
import { COLUMNS } from '@/server/ops/catalog-rows';
import { listApiRoutes, request } from './http';
import { account, api, auditSince, lastAuditId, twoStores, type Account } from './backoffice-fixtures';

/**
 * Bulk work (issue 33): the products.csv imported from the screen (checked first, previewed, confirmed; nothing
 * written on any problem), the filtered export, and the price-and-stock grid saved in one transaction with per-row
 * versions and the stock ledger.
 */
useTestDatabase({ demo: true });

const ORIGIN = 'http://127.0.0.1:4321';
const routes = listApiRoutes();
const PREFIX = `bulk-${process.pid}`;

let owner: Account;
let seller: Account;
let storeIds: [number, number];
let storeSlugs: [string, string];
let categorySlug: string;

beforeAll(async () => {
  storeIds = await twoStores();
  owner = await account(['owner']);
  seller = await account(['seller'], [], [storeIds[0]]);
  const rows = await getDb().select({ id: stores.id, slug: stores.slug }).from(stores).where(inArray(stores.id, storeIds));
  storeSlugs = [rows.find((r) => r.id === storeIds[0])!.slug, rows.find((r) => r.id === storeIds[1])!.slug];
  [{ slug: categorySlug }] = (await getDb().select({ slug: categories.slug }).from(categories).orderBy(asc(categories.id)).limit(1)) as [
    { slug: string },
  ];
});

/** A products.csv of `n` new products (the import's own format); `bad` row numbers get an offer above their price. */
function productsCsv(n: number, over: { bad?: number[]; store?: string; price?: (i: number) => number; tag?: string } = {}): string {
  const lines = [COLUMNS.products.join(',')];
  for (let i = 1; i <= n; i++) {
    const selling = over.price?.(i) ?? 1000 + i;
    const row: Record<string, string | number> = {
      slug: `${PREFIX}${over.tag ?? ''}-${i}`,
      title: `Bulk cable ${i}`,
      store: over.store ?? storeSlugs[0],
      category: categorySlug,
      selling,
      offered: over.bad?.includes(i) ? selling + 1 : 0,
      stock: i % 7,
      status: 1,
    };
    lines.push(COLUMNS.products.map((c) => String(row[c] ?? '')).join(','));
  }
  return lines.join('\n') + '\n';
}

function upload(who: Account, csv: string, name = 'products.csv', html = false) {
  const form = new FormData();
  form.append('_from', '/admin/products/import');
  form.append('file', new File([csv], name, { type: 'text/csv' }));
  return request(routes, `/api/v1/${who === seller ? 'seller' : 'admin'}/products/import`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie: who.cookie, accept: html ? 'text/html' : 'application/json' },
    body: form,
  });
}

const imported = async (tag = '') =>
  getDb()
    .select()
    .from(products)
    .where(like(products.slug, `${PREFIX}${tag}-%`));

interface Preview {
  upload: string;
  preview: {
    rows: number;
    created: number;
    changed: number;
    unchanged: number;
    changes: { slug: string; fields: { field: string; from: string; to: string }[] }[];
  };
}

describe('importing products.csv from the back office', () => {
  it('one bad row among 1,000: refused, the row named by file and line, nothing written (nor kept)', async () => {
    const before = await lastAuditId();
    const res = await upload(owner, productsCsv(1000, { bad: [537] }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; data: { problems: string[] } };
    // Line 1 is the header: row 537 is line 538.
    expect(body.data.problems).toEqual(['products.csv line 538: offered: must be below selling (0 when there is no offer)']);
    expect(body.message).toContain('products.csv line 538');
    expect(await imported()).toHaveLength(0);
    expect(await getDb().select().from(catalogUploads).where(eq(catalogUploads.userId, owner.id))).toHaveLength(0);
    expect(await auditSince(before)).toHaveLength(0);
  });

  it('the same file fixed: previewed (1,000 new), written only when confirmed, stock in the ledger as counted by this person', async () => {
    const res = await upload(owner, productsCsv(1000));
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Preview };
    expect(data.preview).toMatchObject({ rows: 1000, created: 1000, changed: 0, unchanged: 0 });
    expect(await imported()).toHaveLength(0);
    const confirm = await api('/api/v1/admin/products/import/confirm', owner, { body: { upload: data.upload } });
    expect(confirm.status).toBe(200);
    expect(((await confirm.json()) as { message: string }).message).toBe('Imported: 1000 new, 0 changed, 0 unchanged.');
    const rows = await imported();
    expect(rows).toHaveLength(1000);
    expect(rows.find((r) => r.slug === `${PREFIX}-537`)).toMatchObject({ selling: 1537, offered: 0, stock: 537 % 7 });
    const ledger = await getDb()
      .select()
      .from(stockLedger)
      .where(
        inArray(
          stockLedger.productId,
          rows.filter((r) => r.stock > 0).map((r) => r.id),
        ),
      );
    expect(ledger).toHaveLength(rows.filter((r) => r.stock > 0).length);
    expect(ledger.every((l) => l.reason === 'counted' && l.actorId === owner.id && l.note === 'import products.csv')).toBe(true);
    // The upload is used up: confirming again is refused.
    expect((await api('/api/v1/admin/products/import/confirm', owner, { body: { upload: data.upload } })).status).toBe(404);
  });

  it('a second file previews exactly what changes, field by field; the same file again changes nothing', async () => {
    const csv = productsCsv(1000, { price: (i) => (i === 3 ? 4242 : 1000 + i) });
    const { data } = (await (await upload(owner, csv)).json()) as { data: Preview };
    expect(data.preview).toMatchObject({ created: 0, changed: 1, unchanged: 999 });
    expect(data.preview.changes).toEqual([
      expect.objectContaining({ slug: `${PREFIX}-3`, fields: [{ field: 'selling', from: '1003', to: '4242' }] }),
    ]);
    expect((await api('/api/v1/admin/products/import/confirm', owner, { body: { upload: data.upload } })).status).toBe(200);
    const again = (await (await upload(owner, csv)).json()) as { data: Preview };
    expect(again.data.preview).toMatchObject({ created: 0, changed: 0, unchanged: 1000 });
  });

  it('without JavaScript: the upload goes on to its preview page; a refused file comes back with the message', async () => {
    const ok = await upload(owner, productsCsv(2, { tag: 'nojs' }), 'my prices.csv', true);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/^\/admin\/products\/import\?upload=[\w-]{32}$/);
    const bad = await upload(owner, 'slug,colour\nx,red\n', 'sheet.csv', true);
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/admin/products/import');
    const notCsv = await upload(owner, '<html></html>', 'page.html');
    expect(notCsv.status).toBe(422);
    expect(((await notCsv.json()) as { message: string }).message).toBe(
      'Upload a CSV file (UTF-8, at most 5 MB), such as the one the export gives.',
    );
  });

  it('a seller imports only their own store’s products: another store named, or another store’s slug, is refused', async () => {
    const other = await upload(seller, productsCsv(2, { store: storeSlugs[1], tag: 'seller' }));
    expect(other.status).toBe(422);
    expect(((await other.json()) as { data: { problems: string[] } }).data.problems).toEqual([
      'products.csv line 2: store: you can only import products of your own store',
      'products.csv line 3: store: you can only import products of your own store',
    ]);
    const [theirs] = await getDb().select().from(products).where(eq(products.storeId, storeIds[1])).limit(1);
    const csv = `${COLUMNS.products.join(',')}\n${COLUMNS.products
      .map(
        (c) =>
          ({ slug: theirs!.slug, title: 'Taken over', store: storeSlugs[0], category: categorySlug, selling: '999' })[c as 'slug'] ?? '',
      )
      .join(',')}\n`;
    const taken = await upload(seller, csv);
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as { data: { problems: string[] } }).data.problems).toEqual([
      'products.csv line 2: slug: another store has a product with this slug',
    ]);
    const own = await upload(seller, productsCsv(2, { tag: 'seller' }));
    expect(own.status).toBe(200);
    const { data } = (await own.json()) as { data: Preview };
    // Another person cannot confirm this seller's upload.
    expect((await api('/api/v1/admin/products/import/confirm', owner, { body: { upload: data.upload } })).status).toBe(404);
    expect((await api('/api/v1/seller/products/import/confirm', seller, { body: { upload: data.upload } })).status).toBe(200);
    expect((await imported('seller')).every((p) => p.storeId === storeIds[0])).toBe(true);
  });
});

describe('exporting the filtered list', () => {
  it('writes products.csv of exactly the list’s products, in the caller’s scope, in the import’s format', async () => {
    const res = await request(routes, `/api/v1/admin/products/export?q=${PREFIX}-99`, {
      headers: { cookie: owner.cookie, accept: 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe(COLUMNS.products.join(','));
    // "-99" matches -99 and -990…-999.
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual([99, 990, 991, 992, 993, 994, 995, 996, 997, 998, 999].map((i) => `${PREFIX}-${i}`).sort());
    const mine = await request(routes, `/api/v1/seller/products/export`, { headers: { cookie: seller.cookie } });
    const slugs = (await mine.text())
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[0]!);
    const ours = await getDb().select({ slug: products.slug }).from(products).where(eq(products.storeId, storeIds[0]));
    expect(slugs.sort()).toEqual(ours.map((r) => r.slug).sort());
  });
});

interface GridPage {
  items: { id: number; title: string; selling: number; offered: number; stock: number; version: number; has_variants: boolean }[];
}

const gridOf = async (who: Account, q: string) =>
  (
    (await (
      await api(`/api/v1/${who === seller ? 'seller' : 'admin'}/products/grid?q=${encodeURIComponent(q)}&per_page=100`, who)
    ).json()) as {
      data: GridPage;
    }
  ).data.items;

describe('the price-and-stock grid', () => {
  it('saves prices and stock of several products in one transaction: ledger rows "counted" by this person, one audit entry', async () => {
    const rows = await gridOf(owner, `${PREFIX}-10`);
    const [a, b, c] = rows;
    const before = await lastAuditId();
    const res = await api('/api/v1/admin/products/grid', owner, {
      body: {
        rows: [
          { id: a!.id, version: a!.version, selling: 2500, offered: 1999, stock: a!.stock },
          { id: b!.id, version: b!.version, selling: b!.selling, offered: b!.offered, stock: 40 },
          { id: c!.id, version: c!.version, selling: c!.selling, offered: c!.offered, stock: c!.stock },
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: { saved: number; versions: Record<string, number> } };
    expect(body.message).toBe('Products saved: 2.');
    expect(Object.keys(body.data.versions).map(Number).sort()).toEqual([a!.id, b!.id].sort());
    const after = await getDb()
      .select()
      .from(products)
      .where(inArray(products.id, [a!.id, b!.id, c!.id]));
    expect(after.find((p) => p.id === a!.id)).toMatchObject({ selling: 2500, offered: 1999 });
    expect(after.find((p) => p.id === b!.id)).toMatchObject({ stock: 40 });
    const ledger = await getDb().select().from(stockLedger).where(eq(stockLedger.productId, b!.id)).orderBy(asc(stockLedger.id));
    expect(ledger.at(-1)).toMatchObject({ change: 40 - b!.stock, reason: 'counted', note: 'bulk grid', actorId: owner.id });
    expect(
      await getDb()
        .select()
        .from(stockLedger)
        .where(and(eq(stockLedger.productId, a!.id), eq(stockLedger.note, 'bulk grid'))),
    ).toHaveLength(0);
    const audit = await auditSince(before);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'catalog.grid', entity: 'product' });
    // The versions it answered are the rows' versions now: the grid saves again without a reload.
    const again = await api('/api/v1/admin/products/grid', owner, {
      body: { rows: [{ id: a!.id, version: body.data.versions[a!.id], selling: 2600, offered: 0, stock: a!.stock }] },
    });
    expect(again.status).toBe(200);
  });

  it('a row changed since the grid was drawn is named, and nothing of the save is written', async () => {
    const [a, b] = await gridOf(owner, `${PREFIX}-20`);
    // Someone else changes b's price meanwhile: its version moves on.
    expect((await api(`/api/v1/admin/products/${b!.id}/prices`, owner, { body: { selling: 7777, offered: 0 } })).status).toBe(200);
    const before = await lastAuditId();
    const res = await api('/api/v1/admin/products/grid', owner, {
      body: {
        rows: [
          { id: a!.id, version: a!.version, selling: 3100, offered: 0, stock: a!.stock },
          { id: b!.id, version: b!.version, selling: 3200, offered: 0, stock: b!.stock },
        ],
      },
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string; data: { stale: number[] } };
    expect(body.message).toBe(
      `Changed by someone else since the grid was opened: ${b!.title}. Nothing was saved; reload the grid to see the changes.`,
    );
    expect(body.data.stale).toEqual([b!.id]);
    const [ra] = await getDb().select().from(products).where(eq(products.id, a!.id));
    const [rb] = await getDb().select().from(products).where(eq(products.id, b!.id));
    expect(ra!.selling).toBe(a!.selling);
    expect(rb!.selling).toBe(7777);
    expect(await auditSince(before)).toHaveLength(0);
  });

  it('refuses a bad row naming the product (offer not below the price, stock of a product with variants), writing nothing', async () => {
    const [a, b] = await gridOf(owner, `${PREFIX}-30`);
    const res = await api('/api/v1/admin/products/grid', owner, {
      body: {
        rows: [
          { id: a!.id, version: a!.version, selling: 500, offered: 0, stock: 9 },
          { id: b!.id, version: b!.version, selling: 1000, offered: 1000, stock: b!.stock },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(
      `${b!.title}: the offered price must be below the selling price (or 0 for no offer).`,
    );
    expect((await getDb().select().from(products).where(eq(products.id, a!.id)))[0]!.selling).toBe(a!.selling);
    // A product with variants holds their sum: the grid may not set it.
    await getDb().insert(inventories).values({ productId: a!.id, quantity: 3, price: 0 });
    await getDb().execute(sql`update products set stock = 3 where id = ${a!.id}`);
    const [fresh] = await gridOf(owner, `${PREFIX}-30`);
    expect(fresh).toMatchObject({ id: a!.id, has_variants: true, stock: 3 });
    const variants = await api('/api/v1/admin/products/grid', owner, {
      body: { rows: [{ id: a!.id, version: fresh!.version, selling: fresh!.selling, offered: 0, stock: 50 }] },
    });
    expect(variants.status).toBe(422);
    expect(((await variants.json()) as { message: string }).message).toBe(
      `${a!.title}: its stock is the sum of its variants; change their stock in the product's editor.`,
    );
    const bad = await api('/api/v1/admin/products/grid', owner, {
      body: { rows: [{ id: a!.id, version: fresh!.version, selling: 'ten', offered: 0, stock: 3 }] },
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { message: string }).message).toBe('The selling price must be a whole number of cents (1999 for 19.99)');
  });

  it('takes the plain form (JavaScript off): rows typed back to what they showed are left alone, even if they moved on', async () => {
    const [a, b] = await gridOf(owner, `${PREFIX}-40`);
    // An order takes b's stock meanwhile (its version moves on); the operator does not touch b.
    await getDb().execute(sql`update products set stock = stock + 1 where id = ${b!.id}`);
    const form = new URLSearchParams();
    form.append('_from', '/admin/products/grid');
    for (const [row, selling] of [
      [a!, 8100],
      [b!, b!.selling],
    ] as const) {
      form.append('product_id', String(row.id));
      form.append('version', String(row.version));
      form.append('was', `${row.selling},${row.offered},${row.stock}`);
      form.append('selling', String(selling));
      form.append('offered', String(row.offered));
      form.append('stock', String(row.stock));
    }
    const res = await request(routes, '/api/v1/admin/products/grid', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: owner.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/products/grid');
    expect((await getDb().select().from(products).where(eq(products.id, a!.id)))[0]!.selling).toBe(8100);
    expect((await getDb().select().from(products).where(eq(products.id, b!.id)))[0]!.stock).toBe(b!.stock + 1);
  });

  it('keeps a seller to their store: another store’s product is 404 and nothing is written', async () => {
    const [theirs] = await getDb().select().from(products).where(eq(products.storeId, storeIds[1])).limit(1);
    const [mine] = await gridOf(seller, `${PREFIX}-50`);
    const res = await api('/api/v1/seller/products/grid', seller, {
      body: {
        rows: [
          { id: mine!.id, version: mine!.version, selling: 1234, offered: 0, stock: 1 },
          { id: theirs!.id, version: 0, selling: 1, offered: 0, stock: 1 },
        ],
      },
    });
    expect(res.status).toBe(404);
    expect((await getDb().select().from(products).where(eq(products.id, mine!.id)))[0]!.selling).toBe(mine!.selling);
    expect((await gridOf(seller, '')).every((r) => r.id !== theirs!.id)).toBe(true);
  });
});

describe('a seller’s bulk changes under the shop’s approval rule', () => {
  it('new products and new prices from the import and the grid wait for the operator; stock changes at once', async () => {
    expect((await api('/api/v1/admin/products/approval-rule', owner, { body: { seller_approval: true } })).status).toBe(200);
    try {
      const first = (await (await upload(seller, productsCsv(2, { tag: 'waits', price: (i) => 700 + i }))).json()) as { data: Preview };
      expect((await api('/api/v1/seller/products/import/confirm', seller, { body: { upload: first.data.upload } })).status).toBe(200);
      expect((await imported('waits')).map((p) => p.approval)).toEqual(['waiting', 'waiting']);
      // Approved, then a new price from a file waits; the live one stays.
      await getDb()
        .update(products)
        .set({ approval: 'approved', approvalRequestedAt: null })
        .where(like(products.slug, `${PREFIX}waits-%`));
      const second = (await (await upload(seller, productsCsv(2, { tag: 'waits', price: (i) => 800 + i }))).json()) as { data: Preview };
      expect(second.data.preview).toMatchObject({ changed: 2, created: 0 });
      expect((await api('/api/v1/seller/products/import/confirm', seller, { body: { upload: second.data.upload } })).status).toBe(200);
      const after = (await imported('waits')).sort((x, y) => x.slug.localeCompare(y.slug));
      expect(after.map((p) => [p.selling, p.pendingSelling])).toEqual([
        [701, 801],
        [702, 802],
      ]);

      const [mine] = await gridOf(seller, `${PREFIX}waits-1`);
      const res = await api('/api/v1/seller/products/grid', seller, {
        body: { rows: [{ id: mine!.id, version: mine!.version, selling: 9900, offered: 0, stock: 33 }] },
      });
      expect(res.status).toBe(200);
      const [row] = await getDb().select().from(products).where(eq(products.id, mine!.id));
      expect(row).toMatchObject({ selling: 701, pendingSelling: 9900, pendingOffered: 0, stock: 33 });
      // A change of stock alone leaves the waiting price waiting.
      const [again] = await gridOf(seller, `${PREFIX}waits-1`);
      expect(
        (
          await api('/api/v1/seller/products/grid', seller, {
            body: { rows: [{ id: again!.id, version: again!.version, selling: 701, offered: 0, stock: 34 }] },
          })
        ).status,
      ).toBe(200);
      expect((await getDb().select().from(products).where(eq(products.id, mine!.id)))[0]).toMatchObject({
        pendingSelling: 9900,
        stock: 34,
      });
    } finally {
      await api('/api/v1/admin/products/approval-rule', owner, { body: { seller_approval: false } });
    }
  });
});
