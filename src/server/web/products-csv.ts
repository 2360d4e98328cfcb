import type { APIContext } from 'astro';
import { runQuery } from '@/server/web/queries';
import { fail } from '@/server/web/envelope';
import { PRIVATE_NO_STORE } from '@/server/web/cache';
import { productsExport } from '@/server/catalog/bulk/queries';
import { sectionCsv } from '@/server/ops/catalog-files';

/**
 * `GET api/v1/{admin,seller}/products/export?<list filters>`: the products list's filters (none: every product of the
 * caller's stores, a seller's own only) as the catalogue's `products.csv`, the file the import reads.
 */
export async function serveProductsCsv(ctx: APIContext): Promise<Response> {
  try {
    const rows = await runQuery(ctx, productsExport);
    return new Response(sectionCsv('products', rows), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="products.csv"',
        'cache-control': PRIVATE_NO_STORE,
      },
    });
  } catch (err) {
    return fail(err, ctx.locals.t);
  }
}
