import { isMainSegment } from '@/lib/urls';
import { describe, expect, it } from 'vitest';
import { buildProductLd, centsToDecimal, toJsonLd } from '@/lib/product-seo';
import { priceOf } from '@/lib/price';
import { productBreadcrumb, productMetaDescription } from '@/server/catalog/product-meta';

describe('centsToDecimal', () => {
  it('writes cents as an exact decimal string', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1999)).toBe('19.99');
    expect(centsToDecimal(2000)).toBe('20.00');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
    expect(centsToDecimal(-250)).toBe('-2.50');
    // 0.1 + 0.2 style float errors cannot appear: no division to a float is ever printed.
    expect(centsToDecimal(30)).toBe('0.30');
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD is an open shape; tests read into it freely.
type Ld = Record<string, any>;

const input = {
  url: 'https://shop.test/products/product/x',
  name: 'X',
  description: 'd',
  images: ['https://shop.test/x.svg'],
  sku: 'SKU1',
  brand: 'B',
  priceCents: 1299,
  currency: 'USD',
  inStock: true,
  breadcrumb: [
    { name: 'Home', url: 'https://shop.test/' },
    { name: 'X', url: 'https://shop.test/products/product/x' },
  ],
};

describe('buildProductLd', () => {
  it('offers the current price by the price rule, in stock', () => {
    const current = priceOf({ selling: 2999, offered: 2499, flashPrice: 1999, endTime: Date.now() + 60_000 }).current;
    const [product, crumbs] = buildProductLd({
      ...input,
      priceCents: current,
      priceValidUntil: '2031-02-03T04:05:06Z',
      seller: 'Volt Depot',
    }) as [Ld, Ld];
    expect(product['@type']).toBe('Product');
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      price: '19.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      priceValidUntil: '2031-02-03',
    });
    expect(product.offers.seller.name).toBe('Volt Depot');
    expect(product.aggregateRating).toBeUndefined();
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.test/' },
      { '@type': 'ListItem', position: 2, name: 'X', item: 'https://shop.test/products/product/x' },
    ]);
  });

  it('says out of stock and adds a rating only when there are reviews', () => {
    const [product] = buildProductLd({ ...input, inStock: false, rating: { average: 4.25, count: 8 } }) as [Ld];
    expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(product.aggregateRating).toMatchObject({ ratingValue: '4.3', reviewCount: 8 });
    const [none] = buildProductLd({ ...input, rating: { average: 0, count: 0 } }) as [Ld];
    expect(none.aggregateRating).toBeUndefined();
  });
});

describe('toJsonLd', () => {
  it('escapes < so a title cannot close the script', () => {
    const json = toJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>');
  });
});

describe('product page helpers', () => {
  it('knows its own /{main} segment', () => {
    expect(isMainSegment('products')).toBe(true);
    expect(isMainSegment('foo')).toBe(false);
  });

  it('describes a product in at most 160 characters, from the overview or the description text', () => {
    expect(productMetaDescription({ title: 'T', overview: 'Short.', description: '<p>x</p>' })).toBe('Short.');
    expect(productMetaDescription({ title: 'T', overview: '', description: '<p>Hello <b>there</b></p>' })).toBe('Hello there');
    expect(productMetaDescription({ title: 'T', overview: 'a'.repeat(300), description: '' })).toHaveLength(158);
    expect(productMetaDescription({ title: 'T', overview: '', description: '' })).toBe('T');
  });

  it('builds Home › category › sub-category › product', () => {
    const p = {
      title: 'P',
      slug: 'p',
      overview: '',
      description: '',
      category: { slug: 'c', title: 'C' },
      sub_category: { slug: 's', title: 'S' },
    };
    expect(productBreadcrumb(p, 'Home', 'https://x').map((b) => b.url)).toEqual([
      'https://x/',
      'https://x/all/c',
      'https://x/all/c/s',
      'https://x/products/product/p',
    ]);
    expect(productBreadcrumb({ ...p, sub_category: null }, 'Home', 'https://x')).toHaveLength(3);
  });
});
