import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { collections, shippingRules } from '@/server/db/schema';
import { localNames } from '@/server/catalog/translations';

export interface CollectionItem {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  /** Shown among the home page's collections (the operator's choice; its listing page exists either way). */
  on_home: boolean;
}

/** Active collections in display order. */
export async function listCollections(): Promise<CollectionItem[]> {
  const rows = await getDb()
    .select({ id: collections.id, slug: collections.slug, title: collections.title, image: collections.image, on_home: collections.onHome })
    .from(collections)
    .where(eq(collections.status, 1))
    .orderBy(asc(collections.position), asc(collections.id));
  return localNames('collection', rows);
}

export interface ShippingRuleItem {
  id: number;
  title: string;
  shipping_type: number;
  day_needed: string;
}

/** Shipping rules (the listing response's "shipping rules"): what a shopper may filter or read about delivery. */
export async function listShippingRules(): Promise<ShippingRuleItem[]> {
  return getDb()
    .select({
      id: shippingRules.id,
      title: shippingRules.title,
      shipping_type: shippingRules.shippingType,
      day_needed: shippingRules.dayNeeded,
    })
    .from(shippingRules)
    .orderBy(asc(shippingRules.id));
}
