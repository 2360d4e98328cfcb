import type { APIRoute } from 'astro';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { AUDIT_CSV_COLUMNS, eachAuditEntry } from '@/server/audit/manage';
import { AuditQuerySchema } from '@/lib/schemas/backoffice';
import { parseWith } from '@/server/core/validation';
import { mustHere } from '@/server/web/access';
import { fail } from '@/server/web/envelope';
import { PRIVATE_NO_STORE } from '@/server/web/cache';

/** The audit log as CSV, with the list's filters; streamed page by page (any size, little memory). */
export const GET: APIRoute = async (ctx) => {
  try {
    await mustHere(ctx, 'read:audit');
    const query = parseWith(AuditQuerySchema, Object.fromEntries(ctx.url.searchParams), ctx.locals.lang);
    const csv = stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS] });
    Readable.from(eachAuditEntry({ ...query, cursor: '' }))
      .map((e) => ({
        ...e,
        before: e.before === null ? '' : JSON.stringify(e.before),
        after: e.after === null ? '' : JSON.stringify(e.after),
      }))
      .pipe(csv);
    return new Response(Readable.toWeb(csv) as ReadableStream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
        'cache-control': PRIVATE_NO_STORE,
      },
    });
  } catch (err) {
    return fail(err, ctx.locals.t);
  }
};
