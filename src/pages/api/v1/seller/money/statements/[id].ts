import { route } from '@/server/web/route';
import { runQuery } from '@/server/web/queries';
import { ok } from '@/server/web/envelope';
import { statementOne } from '@/server/money/queries';
import { statementCsv } from '@/server/money/manage';

/** One month's statement (`{store id}-{YYYY-MM}`): JSON, or `?format=csv` as a download. */
export const ALL = route({
  GET: async (ctx) => {
    const statement = await runQuery(ctx, statementOne);
    if (ctx.url.searchParams.get('format') !== 'csv') return ok(statement);
    const { t } = ctx.locals;
    const csv = statementCsv(statement, statement.currency, (kind) => t(`backoffice.money.kind.${kind}`));
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="statement-${statement.id}.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});
