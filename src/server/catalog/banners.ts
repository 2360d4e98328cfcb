import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { banners } from '@/server/db/schema';
import { sourceHref } from '@/server/catalog/sources';

/** Banner type 1 is the home page's main slider; types 2–9 are placed in blocks further down. */
export const SLIDER_TYPE = 1;

export interface BannerItem {
  id: number;
  type: number;
  title: string;
  subtitle: string | null;
  image: string;
  slug: string;
  source_type: number;
  closable: boolean;
  status: number;
  /** Where the banner leads (a source listing, or its own url for source type 6). */
  url: string;
  /** When the banner leads to the running flash sale: when that sale ends (ISO), for its caption. */
  ends_at?: string;
}

/** Active banners inside their schedule, in display order, each with its link resolved. */
export async function listBanners(now = new Date()): Promise<BannerItem[]> {
  const rows = await getDb()
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.status, 1),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.type), asc(banners.position), asc(banners.id));
  return rows.map((b) => ({
    id: b.id,
    type: b.type,
    title: b.title,
    subtitle: b.subtitle,
    image: b.image,
    slug: b.slug,
    source_type: b.sourceType,
    closable: b.closable,
    status: b.status,
    url: sourceHref(b.sourceType, b.sourceValue),
  }));
}
