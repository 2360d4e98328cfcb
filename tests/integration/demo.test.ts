import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { useTestDatabase } from '../setup/db';
import { getDb, queryRows } from '@/server/db/client';
import * as t from '@/server/db/schema';
import { seedDemoIfEmpty } from '@/server/demo';
import { DEMO_COUNTS, DEMO_PAGE_SLUGS, KNOWN_PRODUCTS } from '@/server/demo/known';
import { getSettings } from '@/server/settings';
import { listLatestProducts } from '@/server/catalog/latest';

useTestDatabase();

const total = async (table: PgTable) => (await getDb().select({ n: count() }).from(table))[0]!.n;

describe('demo data', () => {
  it('seeds an empty database', async () => {
    expect(await seedDemoIfEmpty(getDb())).toBe(true);
  });

  it('has the catalogue the brief asks for', async () => {
    expect(await total(t.products)).toBeGreaterThanOrEqual(250);
    expect(await total(t.products)).toBe(DEMO_COUNTS.products);
    expect(await total(t.brands)).toBe(20);
    expect(await total(t.stores)).toBe(6);
    const cats = await getDb().select().from(t.categories);
    expect(cats.length).toBeGreaterThanOrEqual(8);
    const perCat = await queryRows<{ category_id: number; n: number }>(
      getDb(),
      sql`select category_id, count(*)::int as n from sub_categories group by category_id`,
    );
    for (const c of cats) expect(perCat.find((r) => r.category_id === c.id)?.n ?? 0).toBeGreaterThanOrEqual(3);
    expect(await total(t.collections)).toBeGreaterThanOrEqual(4);
  });

  it('has one running flash sale whose prices are below the current price', async () => {
    const rows = await queryRows<{ n: number; bad: number }>(
      getDb(),
      sql`
      select count(*)::int as n,
             count(*) filter (where fp.price >= case when p.offered > 0 then p.offered else p.selling end)::int as bad
      from flash_sales f join flash_sale_products fp on fp.flash_sale_id = f.id join products p on p.id = fp.product_id
      where f.status = 1 and f.starts_at <= now() and f.ends_at > now()`,
    );
    expect(rows[0]!.n).toBe(DEMO_COUNTS.runningFlashProducts);
    expect(rows[0]!.bad).toBe(0);
    const card = (await listLatestProducts(400)).find((p) => p.slug === KNOWN_PRODUCTS.inFlashSale.slug);
    expect(card?.price).toBe(KNOWN_PRODUCTS.inFlashSale.flashPrice);
    // A running flash product with an offer too: the only kind that tells which price the rule strikes through.
    const both = (await listLatestProducts(400)).find((p) => p.slug === KNOWN_PRODUCTS.flashWithOffer.slug);
    expect(both).toMatchObject({ selling: 7699, offered: 6599, price: 4899 });
  });

  it('has every static page the spec names, with safe HTML', async () => {
    const pages = await getDb().select().from(t.staticPages);
    for (const slug of DEMO_PAGE_SLUGS) expect(pages.map((p) => p.slug)).toContain(slug);
    const safe = (html: string) => sanitizeHtml(html, { allowedTags: ['p', 'ul', 'li', 'strong'], allowedAttributes: {} }) === html;
    for (const p of pages) expect(safe(p.content), p.slug).toBe(true);
    const products = await getDb().select({ slug: t.products.slug, description: t.products.description }).from(t.products);
    for (const p of products) expect(safe(p.description), p.slug).toBe(true);
    expect(pages.find((p) => p.slug === 'return-and-refund')!.content).toContain('30-day refund');
    expect(pages.find((p) => p.slug === 'faq')!.content).toContain('3-7 business days');
  });

  it('keeps rating and review_count consistent with the reviews', async () => {
    const bad = await queryRows<{ slug: string }>(
      getDb(),
      sql`
      select p.slug from products p left join reviews r on r.product_id = p.id
      group by p.id having p.review_count <> count(r.id) or p.rating <> coalesce(round(avg(r.rating), 2), 0)`,
    );
    expect(bad).toEqual([]);
    expect(await total(t.reviews)).toBe(DEMO_COUNTS.reviews);
  });

  it('keeps the stock of variant products equal to the sum of their variants', async () => {
    const bad = await queryRows<{ slug: string }>(
      getDb(),
      sql`
      select p.slug from products p join inventories i on i.product_id = p.id group by p.id having p.stock <> sum(i.quantity)`,
    );
    expect(bad).toEqual([]);
    const [known] = await getDb().select().from(t.products).where(eq(t.products.slug, KNOWN_PRODUCTS.withVariants.slug));
    const inv = await getDb().select().from(t.inventories).where(eq(t.inventories.productId, known!.id));
    expect(inv).toHaveLength(KNOWN_PRODUCTS.withVariants.variants.length);
    const links = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from inventories i where not exists (select 1 from inventory_attributes ia where ia.inventory_id = i.id)`,
    );
    expect(links[0]!.n).toBe(0);
  });

  it('stores the known products with their facts', async () => {
    const bySlug = async (slug: string) => (await getDb().select().from(t.products).where(eq(t.products.slug, slug)))[0]!;
    expect((await bySlug(KNOWN_PRODUCTS.outOfStock.slug)).stock).toBe(0);
    expect((await bySlug(KNOWN_PRODUCTS.withOffer.slug)).offered).toBe(KNOWN_PRODUCTS.withOffer.offered);
    const video = await bySlug(KNOWN_PRODUCTS.withVideo.slug);
    const [v] = await getDb().select().from(t.productVideos).where(eq(t.productVideos.productId, video.id));
    expect(v).toMatchObject({ provider: 'youtube', videoId: KNOWN_PRODUCTS.withVideo.videoId });
    expect(v!.videoId).toMatch(/^[\w-]{11}$/);
  });

  it('writes every settings key, valid, and the default location', async () => {
    const s = await getSettings();
    expect(s.site_setting.site_name).toBe('Voltmart');
    expect(s.top_banner.status).toBe(1);
    expect(s.popup_banner.status).toBe(1);
    expect(await total(t.settings)).toBe(Object.keys(s).length);
    const bds = await getDb().select().from(t.states).where(eq(t.states.code, 'BDS'));
    expect(bds[0]).toMatchObject({ countryCode: 'AF', name: 'Badakhshan' });
    expect(await total(t.countries)).toBeGreaterThanOrEqual(40);
  });

  it('covers every banner type and source type', async () => {
    const banners = await getDb().select().from(t.banners);
    for (let type = 1; type <= 9; type++)
      expect(
        banners.some((b) => b.type === type),
        `type ${type}`,
      ).toBe(true);
    for (let source = 1; source <= 6; source++)
      expect(
        banners.some((b) => b.sourceType === source),
        `source ${source}`,
      ).toBe(true);
    for (const b of banners) expect(b.sourceValue, b.slug).not.toBe('');
  });

  it('seeds nothing the second time', async () => {
    expect(await seedDemoIfEmpty(getDb())).toBe(false);
    expect(await total(t.products)).toBe(DEMO_COUNTS.products);
  });
});
