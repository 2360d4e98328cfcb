import type { AstroGlobal } from 'astro';
import { log } from '@/server/core/logger.mjs';

/**
 * Loads a part of a page below the fold (reviews, suggestions) so that its failure never breaks the
 * page: the error is logged, the part shows that it could not load, and the page is not cached in
 * that state. Rendered after what is above the fold, so that part streams first.
 */
export async function loadDeferred<T>(Astro: Pick<AstroGlobal, 'locals'>, what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    log.error({ err }, `page: ${what} could not be loaded; the page is shown without it`);
    Astro.locals.degraded = true;
    return null;
  }
}
