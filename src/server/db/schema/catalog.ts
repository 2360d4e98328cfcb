import { boolean, check, customType, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, money, updatedAt } from '@/server/db/schema/common';
import { stores } from '@/server/db/schema/stores';

export const categories = pgTable('categories', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  image: text('image'),
  icon: text('icon'),
  featured: boolean('featured').notNull().default(false),
  /** Shown in the footer category tree. */
  inFooter: boolean('in_footer').notNull().default(false),
  position: integer('position').notNull().default(0),
  status: integer('status').notNull().default(1),
});

export const subCategories = pgTable(
  'sub_categories',
  {
    id: id(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    image: text('image'),
    inFooter: boolean('in_footer').notNull().default(false),
    position: integer('position').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [index('sub_categories_category_idx').on(t.categoryId)],
);

export const brands = pgTable('brands', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  image: text('image'),
  featured: boolean('featured').notNull().default(false),
  status: integer('status').notNull().default(1),
});

export const tags = pgTable('tags', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
});

export const shippingRules = pgTable('shipping_rules', {
  id: id(),
  storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  /** 1 location-based, 2 pickup. */
  shippingType: integer('shipping_type').notNull().default(1),
  /** Allow countries/states not listed (at the default price). */
  allowOthers: boolean('allow_others').notNull().default(false),
  defaultPrice: money('default_price'),
  dayNeeded: text('day_needed').notNull().default('3-7'),
  /** A store's goods from this much ship free under this rule, to any of its places that sets none (0: never). */
  freeShippingMin: money('free_shipping_min'),
});

export const shippingPlaces = pgTable(
  'shipping_places',
  {
    id: id(),
    shippingRuleId: integer('shipping_rule_id')
      .notNull()
      .references(() => shippingRules.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    /** Null means every state of the country. */
    stateCode: text('state_code'),
    price: money('price'),
    dayNeeded: text('day_needed').notNull().default('3-7'),
    /** A store's goods from this much ship free to this place (0: the rule's minimum applies). */
    freeShippingMin: money('free_shipping_min'),
  },
  (t) => [index('shipping_places_rule_idx').on(t.shippingRuleId)],
);

export const bundleDeals = pgTable('bundle_deals', {
  id: id(),
  storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  /** Buy this many ... */
  buy: integer('buy').notNull(),
  /** ... and get this many free. */
  free: integer('free').notNull(),
  status: integer('status').notNull().default(1),
});

/** PostgreSQL's full-text document type; written only by the search triggers (migration 0003). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    description: text('description').notNull().default(''),
    overview: text('overview').notNull().default(''),
    image: text('image'),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    brandId: integer('brand_id').references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id),
    shippingRuleId: integer('shipping_rule_id').references(() => shippingRules.id),
    bundleDealId: integer('bundle_deal_id').references(() => bundleDeals.id, { onDelete: 'set null' }),
    sku: text('sku'),
    unit: text('unit').notNull().default('pc'),
    selling: money('selling'),
    /** 0 when there is no offer. */
    offered: money('offered'),
    /** Stock of a product without variants; variants hold their own. The stock ledger's sum (stock_ledger). */
    stock: integer('stock').notNull().default(0),
    /** The back office lists the product when its stock is at or below this (and above 0; 0: never "low"). */
    lowStock: integer('low_stock').notNull().default(5),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    refundable: boolean('refundable').notNull().default(true),
    warranty: text('warranty'),
    /** 1 published (the storefront shows only these), 0 draft, 2 archived (kept for its orders). */
    status: integer('status').notNull().default(1),
    /** The search engines' title and description; empty: the product's own. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /**
     * The operator's approval of a seller's product when the shop asks for it (settings back_office.seller_approval):
     * `approved` (may be on the storefront), `waiting` (a new product, not shown until approved) or `refused`.
     */
    approval: text('approval', { enum: ['approved', 'waiting', 'refused'] })
      .notNull()
      .default('approved'),
    /** A seller's price change waiting for approval (the storefront keeps `selling`/`offered` meanwhile). */
    pendingSelling: integer('pending_selling'),
    pendingOffered: integer('pending_offered'),
    approvalRequestedAt: timestamp('approval_requested_at', { withTimezone: true }),
    /** Why the operator refused the last new product or price change. */
    approvalReason: text('approval_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Weighted search document (title A; brand, category B; tags C; description, specs D), kept by triggers. */
    searchVector: tsvector('search_vector'),
    /**
     * The price a tile shows when no flash sale runs (the offer above 0, else the selling price; with variants, the
     * lowest variant's), kept by triggers (migration 0034): the price sorts walk it in an index.
     */
    listPrice: money('list_price'),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.status),
    // "Products like this one" (catalog/suggested.ts) walks each of these in best-selling order and stops after a
    // page: at 100,000 products it no longer sorts every related row (issue 39). They serve the plain
    // sub-category, brand and store look-ups too (their first column).
    index('products_sub_category_sold_idx').on(t.subCategoryId, t.soldCount.desc().nullsFirst(), t.id),
    index('products_category_sold_idx').on(t.categoryId, t.soldCount.desc().nullsFirst(), t.id),
    index('products_brand_sold_idx').on(t.brandId, t.soldCount.desc().nullsFirst(), t.id),
    index('products_store_sold_idx').on(t.storeId, t.soldCount.desc().nullsFirst(), t.id),
    // A category's listing, newest first (the default sort): the first page reads 20 rows, not the whole category.
    index('products_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_created_idx').on(t.createdAt),
    // Whole-catalogue sorts (popularity, rating) walk these instead of sorting every active row.
    index('products_popularity_idx')
      .on(t.soldCount.desc().nullsFirst(), t.viewCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 1`),
    index('products_rating_idx')
      .on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 1`),
    index('products_search_idx').using('gin', t.searchVector),
    // A listing sorted by price (catalog/listing-sql.ts priceSortCandidates) walks the products on sale by their price without a flash
    // sale, and its count reads only this index once the table is vacuumed (db/maintenance.ts).
    index('products_on_sale_price_idx')
      .on(t.listPrice, t.id)
      .where(sql`${t.status} = 1 and ${t.approval} = 'approved'`),
    index('products_on_sale_category_price_idx')
      .on(t.categoryId, t.listPrice, t.id)
      .where(sql`${t.status} = 1 and ${t.approval} = 'approved'`),
    // A category by rating: the whole catalogue's rating index walks past every other category's products first.
    index('products_on_sale_category_rating_idx')
      .on(t.categoryId, t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 1 and ${t.approval} = 'approved'`),
    index('products_on_sale_category_idx')
      .on(t.categoryId, t.storeId, t.subCategoryId, t.brandId)
      .where(sql`${t.status} = 1 and ${t.approval} = 'approved'`),
    // The operator's list of sellers' products waiting for approval.
    index('products_waiting_idx')
      .on(t.approvalRequestedAt)
      .where(sql`${t.approval} = 'waiting' or ${t.pendingSelling} is not null`),
    // The back office: products out of stock (the attention count, the stock filter).
    index('products_out_of_stock_idx')
      .on(t.id)
      .where(sql`${t.stock} <= 0`),
    // The back office home: products at or below their low-stock threshold (but not out).
    index('products_low_stock_idx')
      .on(t.id)
      .where(sql`${t.stock} > 0 and ${t.stock} <= ${t.lowStock}`),
    // The back office's products list at 100,000 products (issue 33): its sorts walk (column, id) for their keyset
    // pages, and its search (any part of the title or slug, or the exact SKU) reads trigram indexes.
    index('products_selling_id_idx').on(t.selling, t.id),
    index('products_title_id_idx').on(t.title, t.id),
    index('products_stock_id_idx').on(t.stock, t.id),
    index('products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('products_slug_trgm_idx').using('gin', sql`${t.slug} gin_trgm_ops`),
    index('products_sku_idx').on(t.sku),
    check('products_stock_ck', sql`${t.stock} >= 0`),
    check('products_low_stock_ck', sql`${t.lowStock} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    position: integer('position').notNull().default(0),
    /** What the picture shows, for people who cannot see it. */
    alt: text('alt').notNull().default(''),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

/** A product's former slugs: the storefront answers them with a permanent redirect to the current one. */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_slug_redirects_product_idx').on(t.productId)],
);

/**
 * Former slugs of categories and sub-categories (`kind`): the storefront answers them with a permanent redirect to
 * the current one, as product_slug_redirects does for products. Removed with their category (taxonomy/categories.ts).
 */
export const taxonomySlugRedirects = pgTable(
  'taxonomy_slug_redirects',
  {
    kind: text('kind', { enum: ['category', 'sub_category'] }).notNull(),
    slug: text('slug').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slug] }), index('taxonomy_slug_redirects_target_idx').on(t.kind, t.targetId)],
);

export const productVideos = pgTable('product_videos', {
  id: id(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** youtube | vimeo: only allowlisted hosts are ever embedded. */
  provider: text('provider').notNull(),
  videoId: text('video_id').notNull(),
  thumbnail: text('thumbnail'),
  position: integer('position').notNull().default(0),
});

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

export const productSpecs = pgTable(
  'product_specs',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_specs_product_idx').on(t.productId)],
);

/** Variant dimensions: Colour, Wattage, Length. */
export const attributes = pgTable('attributes', {
  id: id(),
  title: text('title').notNull().unique(),
});

export const attributeValues = pgTable('attribute_values', {
  id: id(),
  attributeId: integer('attribute_id')
    .notNull()
    .references(() => attributes.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
});

/** A sellable variant of a product with its own stock and (when above 0) its own price. */
export const inventories = pgTable(
  'inventories',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku'),
    price: money('price'),
    quantity: integer('quantity').notNull().default(0),
    /** A variant that was ordered is archived instead of deleted: kept for its orders, no longer sold. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('inventories_product_idx').on(t.productId), check('inventories_quantity_ck', sql`${t.quantity} >= 0`)],
);

/**
 * Every change of stock, one row each (issue 33): the product's `stock` is the sum of its rows without a variant,
 * a variant's `quantity` the sum of its rows. Written by triggers on `products.stock` and `inventories.quantity`
 * in the changing transaction, with the reason, note, actor and order its writer set (`voltmart.stock_*`,
 * catalog/stock-ledger.ts); a change nobody explained is `counted`.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason', { enum: ['received', 'counted', 'damaged', 'order', 'cancel', 'return'] }).notNull(),
    note: text('note').notNull().default(''),
    /** Who changed it (a user id; no foreign key: an erased account keeps its history). */
    actorId: integer('actor_id'),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_ledger_product_idx').on(t.productId, t.id),
    check('stock_ledger_reason_ck', sql`${t.reason} in ('received', 'counted', 'damaged', 'order', 'cancel', 'return')`),
  ],
);

export const inventoryAttributes = pgTable(
  'inventory_attributes',
  {
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    attributeValueId: integer('attribute_value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.inventoryId, t.attributeValueId] })],
);

export const collections = pgTable('collections', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  image: text('image'),
  position: integer('position').notNull().default(0),
  status: integer('status').notNull().default(1),
  /** Shown among the home page's collections (a hidden one still has its listing page while `status` is 1). */
  onHome: boolean('on_home').notNull().default(true),
});

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] })],
);

/** Banner types 1–9 place a banner on the page; source types 1–6 say what it links to. */
export const banners = pgTable('banners', {
  id: id(),
  type: integer('type').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle'),
  image: text('image').notNull(),
  /** 1 categories, 2 sub-categories, 3 tags, 4 brands, 5 products, 6 url. */
  sourceType: integer('source_type').notNull(),
  /** Comma-separated ids or tag slugs, or a url when source type is 6. */
  sourceValue: text('source_value').notNull(),
  slug: text('slug').notNull(),
  closable: boolean('closable').notNull().default(false),
  position: integer('position').notNull().default(0),
  status: integer('status').notNull().default(1),
  /** Shown from this moment (null: at once) until `ends_at` (null: until switched off). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

export const flashSales = pgTable('flash_sales', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  image: text('image'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  status: integer('status').notNull().default(1),
});

export const flashSaleProducts = pgTable(
  'flash_sale_products',
  {
    flashSaleId: integer('flash_sale_id')
      .notNull()
      .references(() => flashSales.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: money('price'),
  },
  (t) => [primaryKey({ columns: [t.flashSaleId, t.productId] }), index('flash_sale_products_product_idx').on(t.productId)],
);
