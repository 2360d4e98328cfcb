import { getDb } from '@/server/db/client';
import { DEFAULT_SORT, type ListingFilters } from '@/lib/listing-filters';
import { listBanners, SLIDER_TYPE, type BannerItem } from '@/server/catalog/banners';
import { listFlashSales, type FlashSaleItem } from '@/server/catalog/flash-sales';
import { getListingFacets } from '@/server/catalog/listing-facets';
import { queryListingPage } from '@/server/catalog/listing';
import type { ProductCard } from '@/server/catalog/product-card';
import type { CategoryItem } from '@/server/catalog/taxonomy';
import type { CollectionItem } from '@/server/catalog/collections';
import { flashSaleUrl } from '@/lib/urls';

export const HOME_PRODUCTS = 30;
export const HOME_FLASH_PRODUCTS = 10;

export interface HomeData {
  slider: BannerItem[];
  banners: BannerItem[];
  collections: CollectionItem[];
  featured_categories: CategoryItem[];
  featured_brands: { id: number; slug: string; title: string; image: string | null }[];
  flash_sale: (FlashSaleItem & { products: ProductCard[] }) | null;
  products: ProductCard[];
}

const page = (perPage: number, sort: ListingFilters['sort'] = DEFAULT_SORT): ListingFilters => ({ sort, page: 1, perPage });

/** Everything the home page shows, in one call: slider, banners, collections, featured lists, the running flash sale, newest products. */
export async function getHome(now = new Date()): Promise<HomeData> {
  const db = getDb();
  const [allBanners, facets, sales, latest] = await Promise.all([
    listBanners(now),
    getListingFacets(),
    listFlashSales(now),
    queryListingPage(db, page(HOME_PRODUCTS), {}, now, { withTotal: false }),
  ]);
  const running = sales.find((s) => s.state === 'running') ?? null;
  const flashProducts = running
    ? (await queryListingPage(db, page(HOME_FLASH_PRODUCTS, 'price_asc'), { flashSaleId: running.id }, now, { withTotal: false })).data
    : [];
  return {
    slider: allBanners.filter((b) => b.type === SLIDER_TYPE),
    banners: allBanners
      .filter((b) => b.type !== SLIDER_TYPE)
      .map((b) => (running && leadsToSale(b, running) ? { ...b, ends_at: running.end_time } : b)),
    collections: facets.collections.filter((c) => c.on_home),
    featured_categories: facets.all_categories.filter((c) => c.featured),
    featured_brands: facets.brands.filter((b) => b.featured),
    flash_sale: running ? { ...running, products: flashProducts } : null,
    products: latest.data,
  };
}

/** A banner that points at the flash sales (or at this sale) says when the running sale ends. */
const leadsToSale = (b: BannerItem, sale: FlashSaleItem) => b.url === flashSaleUrl() || b.url === flashSaleUrl(sale);
