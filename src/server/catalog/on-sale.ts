import { and, eq, sql, type SQL } from 'drizzle-orm';
import { products } from '@/server/db/schema';

/**
 * What a shopper may see of the catalogue: a published product of an open store. A store the operator suspended
 * (`stores.status = 0`, back office "Stores") takes its products off every storefront read at once — listings,
 * search, the product page and its API, the sitemap — and reinstating it brings them back unchanged, since the
 * products themselves are never touched. Every storefront read of `products` keeps to this condition.
 */
export const storeIsOpen: SQL = sql`exists (select 1 from stores open_store where open_store.id = ${products.storeId} and open_store.status = 1)`;

/** A seller's product waiting for (or refused) the operator's approval is not on sale (catalog/approval.ts). */
export const onSale = (): SQL => and(eq(products.status, 1), eq(products.approval, 'approved'), storeIsOpen)!;
