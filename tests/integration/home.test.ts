import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { DEMO_COUNTS } from '@/server/demo/known';
import { getHome, HOME_PRODUCTS } from '@/server/catalog/home';
import { getListingResponse } from '@/server/catalog/listing-response';
import { parseListingQuery } from '@/server/catalog/listing';
import { getSitemap, PRODUCTS_PER_SITEMAP, SPEC_STATIC_SLUGS } from '@/server/catalog/sitemap';

useTestDatabase({ demo: true });

describe('home', () => {
  it('has the slider, banners with links, featured lists, the running flash sale and the newest products', async () => {
    const home = await getHome();
    expect(home.slider.length).toBeGreaterThanOrEqual(2);
    expect(home.slider.every((b) => b.type === 1)).toBe(true);
    expect(home.banners.every((b) => b.type !== 1 && b.url.startsWith('/'))).toBe(true);
    expect(home.banners.find((b) => b.slug === 'become-a-seller')?.url).toBe('/seller/register');
    expect(home.banners.find((b) => b.slug === 'fast-charging-deals')?.url).toBe('/products/products?tags=fast-charging%2Cgan');
    expect(home.collections).toHaveLength(DEMO_COUNTS.collections);
    expect(home.featured_categories.length).toBeGreaterThan(0);
    expect(home.featured_categories.every((c) => c.featured)).toBe(true);
    expect(home.featured_brands.every((b) => b.id > 0)).toBe(true);
    expect(home.products).toHaveLength(HOME_PRODUCTS);
    expect(home.flash_sale?.state).toBe('running');
    expect(home.flash_sale!.products.length).toBeGreaterThan(0);
    // Every product of the running sale shows its flash price, ending when the sale ends.
    expect(home.flash_sale!.products.every((p) => p.price !== null && p.end_time === home.flash_sale!.end_time)).toBe(true);
  });
});

describe('listing response', () => {
  it('carries result, all_categories, category, collections, brands and shipping rules', async () => {
    const r = await getListingResponse(parseListingQuery({ category: 'cables', per_page: '6' }));
    expect(r.result.data).toHaveLength(6);
    expect(r.result.data[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        slug: expect.any(String),
        title: expect.any(String),
        selling: expect.any(Number),
        offered: expect.any(Number),
        wishlisted: null,
      }),
    );
    expect(r.category?.slug).toBe('cables');
    expect(r.all_categories.length).toBe(DEMO_COUNTS.categories);
    expect(r.collections.length).toBe(DEMO_COUNTS.collections);
    expect(r.brands.length).toBe(DEMO_COUNTS.brands);
    expect(r.shipping_rules.length).toBeGreaterThan(0);
  });
});

describe('sitemap', () => {
  it('lists home, categories, subcategories, brands, collections, flash sales, static pages and products', async () => {
    const sitemap = await getSitemap(null);
    if (!sitemap || !('entries' in sitemap)) throw new Error('a small catalog has one sitemap file');
    const paths = sitemap.entries.map((e) => e.path);
    expect(paths).toContain('/');
    expect(paths).toContain('/all/cables');
    expect(paths.filter((p) => p.startsWith('/all/') && p.split('/').length === 4)).toHaveLength(DEMO_COUNTS.subCategories);
    expect(paths.filter((p) => p.startsWith('/products/brand?'))).toHaveLength(DEMO_COUNTS.brands);
    expect(paths.filter((p) => p.startsWith('/products/collection?'))).toHaveLength(DEMO_COUNTS.collections);
    expect(paths.filter((p) => /^\/flash-sale\/\d+$/.test(p))).toHaveLength(DEMO_COUNTS.flashSales);
    for (const slug of SPEC_STATIC_SLUGS) expect(paths).toContain(`/page/${slug}`);
    expect(paths).toContain('/blog');
    expect(paths.filter((p) => p.startsWith('/blog/'))).toHaveLength(DEMO_COUNTS.blogPosts);
    expect(paths).toContain('/stores');
    expect(paths.filter((p) => p.startsWith('/shop/'))).toHaveLength(DEMO_COUNTS.stores);
    expect(paths.filter((p) => p.startsWith('/products/product/'))).toHaveLength(DEMO_COUNTS.products);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('sitemap of a big catalog', () => {
  it('splits products into numbered files behind an index', async () => {
    const files = Math.ceil(DEMO_COUNTS.products / PRODUCTS_PER_SITEMAP);
    expect(await getSitemap(0)).toMatchObject({ entries: expect.arrayContaining([{ path: '/all/cables' }]) });
    const first = await getSitemap(1);
    expect(first && 'entries' in first && first.entries.every((e) => e.path.startsWith('/products/product/'))).toBe(true);
    expect(await getSitemap(files + 1)).toBeNull();
  });
});
