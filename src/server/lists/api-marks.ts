import { listMarksOf } from '@/server/lists/marks';

/**
 * The shared catalog answer with one caller's hearts: every object of it that carries `wishlisted` and a
 * numeric `id` (the product, its suggestions, a listing's cards) says 1 when that product is on the
 * caller's wishlist, else null (the spec's client reads it). One index read, as the HTML pages do (0024).
 */
export async function withWishlisted(body: string, userId: number): Promise<string> {
  const json: unknown = JSON.parse(body);
  const { wishlist } = await listMarksOf(userId);
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if ('wishlisted' in o && typeof o.id === 'number') o.wishlisted = wishlist.has(o.id) ? 1 : null;
    for (const child of Object.values(o)) walk(child);
  };
  walk(json);
  return JSON.stringify(json);
}
