/** Structured data for a product page (schema.org JSON-LD), built from plain values: pure and testable. */

/** "12.50" from 1250 cents: exact decimal string, never through a float. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface ProductLdInput {
  url: string;
  name: string;
  description: string;
  images: string[];
  sku: string | null;
  brand: string | null;
  /** Current price by the price rule, in cents. */
  priceCents: number;
  currency: string;
  inStock: boolean;
  /** ISO date the offer's price is valid until (a flash sale's end). */
  priceValidUntil?: string | null;
  seller?: string | null;
  rating?: { average: number; count: number } | null;
  breadcrumb: { name: string; url: string }[];
}

/** The Product (with Offer) and BreadcrumbList objects for one page. */
export function buildProductLd(p: ProductLdInput): object[] {
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    image: p.images,
    url: p.url,
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: p.url,
      price: centsToDecimal(p.priceCents),
      priceCurrency: p.currency,
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ...(p.priceValidUntil ? { priceValidUntil: p.priceValidUntil.slice(0, 10) } : {}),
      ...(p.seller ? { seller: { '@type': 'Organization', name: p.seller } } : {}),
    },
  };
  if (p.rating && p.rating.count > 0) {
    product.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: p.rating.average.toFixed(1),
      reviewCount: p.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  const breadcrumb = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: p.breadcrumb.map((b, i) => ({ '@type': 'ListItem', position: i + 1, name: b.name, item: b.url })),
  };
  return [product, breadcrumb];
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function toJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
