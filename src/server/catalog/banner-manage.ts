import { and, asc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { banners } from '@/server/db/schema';
import { AppError } from '@/server/core/errors';
import { slugify } from '@/server/catalog/manage';
import { sourceHref } from '@/server/catalog/sources';
import { removePictures, storePictures, type PreparedPicture } from '@/server/uploads/product-pictures';
import type { BannerWriteInput } from '@/lib/schemas/content-admin';

/**
 * The operator's editor of banners: the home page's slider (type 1) and the banner blocks (2–9), each with its
 * picture, link, order and schedule. The storefront reads them with catalog/banners.ts.
 */
export interface BannerRow {
  id: number;
  type: number;
  title: string;
  subtitle: string | null;
  image: string;
  source_type: number;
  source_value: string;
  url: string;
  position: number;
  shown: boolean;
  closable: boolean;
  starts_at: string | null;
  ends_at: string | null;
  /** Whether a shopper sees it now: shown and inside its schedule. */
  live: boolean;
}

const BANNER_NOT_FOUND = () => new AppError({ code: 'NOT_FOUND', message: 'backoffice.banners.notFound' });

function toRow(b: typeof banners.$inferSelect, now: Date): BannerRow {
  const live = b.status === 1 && (!b.startsAt || b.startsAt <= now) && (!b.endsAt || b.endsAt > now);
  return {
    id: b.id,
    type: b.type,
    title: b.title,
    subtitle: b.subtitle,
    image: b.image,
    source_type: b.sourceType,
    source_value: b.sourceValue,
    url: sourceHref(b.sourceType, b.sourceValue),
    position: b.position,
    shown: b.status === 1,
    closable: b.closable,
    starts_at: b.startsAt?.toISOString() ?? null,
    ends_at: b.endsAt?.toISOString() ?? null,
    live,
  };
}

/**
 * Every banner in the storefront's order (type, then order). The table holds a few dozen rows at most (one per
 * slide or block), so the screen shows them all on one page instead of paging them.
 */
export async function listAllBanners(now = new Date()): Promise<{ items: BannerRow[]; next_cursor: null }> {
  const rows = await getDb().select().from(banners).orderBy(asc(banners.type), asc(banners.position), asc(banners.id));
  return { items: rows.map((b) => toRow(b, now)), next_cursor: null };
}

/** One banner for its editor; NOT_FOUND otherwise. */
export async function getBanner(id: number, now = new Date()): Promise<BannerRow> {
  const [row] = await getDb().select().from(banners).where(eq(banners.id, id));
  if (!row) throw BANNER_NOT_FOUND();
  return toRow(row, now);
}

/**
 * Creates or updates a banner in the caller's transaction; a new banner needs its picture. The new picture is
 * written before the row and removed again if the row fails; a replaced one is removed after the commit.
 */
export async function saveBanner(
  tx: Tx,
  input: BannerWriteInput,
  picture: PreparedPicture | null,
): Promise<{ before: BannerRow | null; after: BannerRow; replaced: string | null }> {
  const now = new Date();
  const [existing] = input.id ? await tx.select().from(banners).where(eq(banners.id, input.id)).for('update') : [];
  if (input.id && !existing) throw BANNER_NOT_FOUND();
  if (!existing && !picture) {
    const message = 'backoffice.banners.choosePicture';
    throw new AppError({ code: 'VALIDATION', message, details: { fields: { image: message } } });
  }
  const [url] = picture ? await storePictures([picture]) : [];
  const values = {
    type: input.type,
    title: input.title,
    subtitle: input.subtitle || null,
    sourceType: input.source_type,
    sourceValue: input.source_value,
    slug: slugify(input.title) || 'banner',
    position: input.position,
    status: input.shown ? 1 : 0,
    closable: input.closable,
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    ...(url ? { image: url } : {}),
  };
  try {
    const [row] = existing
      ? await tx.update(banners).set(values).where(eq(banners.id, existing.id)).returning()
      : await tx
          .insert(banners)
          .values({ ...values, image: url! })
          .returning();
    return { before: existing ? toRow(existing, now) : null, after: toRow(row!, now), replaced: url && existing ? existing.image : null };
  } catch (err) {
    if (url) await removePictures([url]);
    throw err;
  }
}

/** Deletes a banner; answers it as it was (its picture is removed after the commit). */
export async function deleteBanner(tx: Tx, id: number): Promise<BannerRow> {
  const [row] = await tx
    .delete(banners)
    .where(and(eq(banners.id, id)))
    .returning();
  if (!row) throw BANNER_NOT_FOUND();
  return toRow(row, new Date());
}
