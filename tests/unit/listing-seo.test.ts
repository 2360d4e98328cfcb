import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, canonicalUrl, itemListJsonLd, jsonLdText } from '@/server/catalog/seo';
import { renderRobots, renderSitemap, renderSitemapIndex } from '@/server/catalog/sitemap';
import { sourceHref } from '@/server/catalog/sources';
import { nameSourceListing } from '@/server/catalog/source-title';

describe('canonical URLs', () => {
  it('keep the listing keys and the page, drop filters and tracking', () => {
    const q = new URLSearchParams('utm_source=x&sort=price_asc&min=5&page=2&tags=gan&fbclid=1');
    expect(canonicalUrl('https://shop.example', '/products/products', q)).toBe('https://shop.example/products/products?tags=gan&page=2');
    expect(canonicalUrl('https://shop.example', '/all/cables', { page: 1 })).toBe('https://shop.example/all/cables');
  });
});

describe('JSON-LD', () => {
  it('numbers list items from the page start and escapes markup', () => {
    const card = {
      id: 1,
      slug: 'a-b',
      title: 'A </script> B',
      image: null,
      selling: 100,
      offered: 0,
      price: null,
      end_time: null,
      variant_prices: [] as number[],
      current_price: 100,
      previous_price: null,
      discount_percent: 0,
      price_from: false,
      rating: 0,
      review_count: 0,
      in_stock: true,
      wishlisted: null,
    } as const;
    const list = itemListJsonLd('https://s.example', 'Cables', [card], 21);
    expect(list.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 21,
      url: 'https://s.example/products/product/a-b',
      name: 'A </script> B',
    });
    expect(jsonLdText(list)).not.toContain('</script>');
    expect(JSON.parse(jsonLdText(list))).toEqual(list);
    expect(breadcrumbJsonLd('https://s.example', [{ name: 'Home', href: '/' }]).itemListElement[0]).toMatchObject({
      position: 1,
      item: 'https://s.example/',
    });
  });
});

describe('banner sources', () => {
  it('link to a source listing by type, or to their own safe url', () => {
    expect(sourceHref(1, '3,4')).toBe('/products/products?category_ids=3%2C4');
    expect(sourceHref(2, '9')).toBe('/products/products?sub_category_ids=9');
    expect(sourceHref(3, 'gan')).toBe('/products/products?tags=gan');
    expect(sourceHref(4, '2')).toBe('/products/products?brand_ids=2');
    expect(sourceHref(5, '1,2')).toBe('/products/products?product_ids=1%2C2');
    expect(sourceHref(6, '/flash-sale')).toBe('/flash-sale');
    expect(sourceHref(6, 'https://example.com/x')).toBe('https://example.com/x');
    expect(sourceHref(6, 'javascript:alert(1)')).toBe('/');
    expect(sourceHref(6, '//evil.example')).toBe('/');
  });
});

describe('sitemap and robots', () => {
  it('write absolute, escaped URLs', () => {
    const xml = renderSitemap('https://s.example', [{ path: '/products/brand?brand=1&x=2' }, { path: '/', lastmod: '2026-01-02' }]);
    expect(xml).toContain('<loc>https://s.example/products/brand?brand=1&amp;x=2</loc>');
    expect(xml).toContain('<lastmod>2026-01-02</lastmod>');
  });
  it('index numbered sitemap files', () => {
    const xml = renderSitemapIndex('https://s.example', [0, 1, 2]);
    expect(xml).toContain('<sitemapindex');
    expect(xml.match(/<sitemap><loc>https:\/\/s.example\/sitemap.xml\?page=\d<\/loc><\/sitemap>/g)).toHaveLength(3);
  });
  it('close private areas and name the sitemap', () => {
    const txt = renderRobots('https://s.example');
    for (const path of ['/user', '/cart', '/checkout', '/api']) expect(txt).toContain(`Disallow: ${path}\n`);
    expect(txt).toContain('Sitemap: https://s.example/sitemap.xml');
  });
});

describe('source listing names', () => {
  const facets = {
    all_categories: [
      {
        id: 1,
        slug: 'power-banks',
        title: 'Power Banks',
        image: null,
        featured: true,
        in_footer: true,
        child: [{ id: 9, slug: 'gan', title: 'GaN Chargers', image: null, in_footer: false }],
        in_footer_child: [],
      },
    ],
    brands: [
      { id: 4, slug: 'voltra', title: 'Voltra', image: null, featured: true },
      { id: 5, slug: 'amplex', title: 'Amplex', image: null, featured: true },
    ],
  };
  const base = { sort: 'newest', page: 1, perPage: 20 } as const;
  it('names what the banner points to', () => {
    expect(nameSourceListing({ ...base, categoryIds: [1] }, facets)).toBe('Power Banks');
    expect(nameSourceListing({ ...base, subCategoryIds: [9], brandIds: [4, 5] }, facets)).toBe('GaN Chargers, Voltra & Amplex');
    expect(nameSourceListing({ ...base, tags: ['fast-charging', 'gan'] }, facets)).toBe('Fast charging & GaN');
  });
  it('gives up on product lists and unknown ids', () => {
    expect(nameSourceListing({ ...base, productIds: [1, 2] }, facets)).toBeNull();
    expect(nameSourceListing({ ...base, categoryIds: [77] }, facets)).toBeNull();
  });
});
