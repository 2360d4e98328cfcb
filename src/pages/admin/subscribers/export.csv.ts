import type { APIRoute } from 'astro';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { csvSafe, eachSubscriber, SUBSCRIBER_CSV_COLUMNS } from '@/server/content/subscribers';
import { SubscribersQuerySchema } from '@/lib/schemas/moderation';
import { parseWith } from '@/server/core/validation';
import { mustHere } from '@/server/web/access';
import { fail } from '@/server/web/envelope';
import { PRIVATE_NO_STORE } from '@/server/web/cache';

/** Newsletter subscribers as CSV, with the list's filters; streamed page by page. */
export const GET: APIRoute = async (ctx) => {
  try {
    await mustHere(ctx, 'update:content');
    const query = parseWith(SubscribersQuerySchema, Object.fromEntries(ctx.url.searchParams), ctx.locals.lang);
    const csv = stringify({ header: true, columns: [...SUBSCRIBER_CSV_COLUMNS] });
    Readable.from(eachSubscriber(query))
      .map((s) => ({
        email: csvSafe(s.email),
        status: s.status,
        subscribed_at: s.subscribed_at,
        confirmed_at: s.confirmed_at ?? '',
        left_at: s.left_at ?? '',
      }))
      .pipe(csv);
    return new Response(Readable.toWeb(csv) as ReadableStream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
        'cache-control': PRIVATE_NO_STORE,
      },
    });
  } catch (err) {
    return fail(err, ctx.locals.t);
  }
};
