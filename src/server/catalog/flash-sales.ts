import { and, asc, eq, gt } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { flashSales } from '@/server/db/schema';
import { AppError, notFound } from '@/server/core/errors';
import type { ListingFilters } from '@/lib/listing-filters';
import { queryListingPage, type ListingPage } from '@/server/catalog/listing';

export interface FlashSaleItem {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  start_time: string;
  end_time: string;
  /** running: prices apply now; upcoming: announced, prices not yet applied. */
  state: 'running' | 'upcoming';
}

const toItem = (f: typeof flashSales.$inferSelect, now: Date): FlashSaleItem => ({
  id: f.id,
  slug: f.slug,
  title: f.title,
  image: f.image,
  start_time: f.startsAt.toISOString(),
  end_time: f.endsAt.toISOString(),
  state: f.startsAt <= now ? 'running' : 'upcoming',
});

/** Active flash sales that have not ended: running ones first, then upcoming, by end time. */
export async function listFlashSales(now = new Date()): Promise<FlashSaleItem[]> {
  const rows = await getDb()
    .select()
    .from(flashSales)
    .where(and(eq(flashSales.status, 1), gt(flashSales.endsAt, now)))
    .orderBy(asc(flashSales.startsAt), asc(flashSales.endsAt));
  return rows.map((r) => toItem(r, now)).sort((a, b) => (a.state === b.state ? 0 : a.state === 'running' ? -1 : 1));
}

/** One flash sale (running or upcoming) and a page of its products; ended or unknown sales are NOT_FOUND. */
export async function getFlashSale(
  id: number,
  f: ListingFilters,
  now = new Date(),
): Promise<{ flash_sale: FlashSaleItem; result: ListingPage }> {
  const db = getDb();
  const sale = await db.query.flashSales.findFirst({
    where: and(eq(flashSales.id, id), eq(flashSales.status, 1), gt(flashSales.endsAt, now)),
  });
  if (!sale) throw notFound('thisFlashSale');
  const result = await queryListingPage(db, f, { flashSaleId: sale.id }, now);
  return { flash_sale: toItem(sale, now), result };
}

/** A flash sale id from a path segment; anything but a positive whole number is VALIDATION. */
export function parseFlashSaleId(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new AppError({ code: 'VALIDATION', message: 'The flash sale must be given by its number, like /flash-sale/1.' });
  }
  return Number(raw);
}
