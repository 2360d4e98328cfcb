import type { APIContext } from 'astro';
import { stringify } from 'csv-stringify/sync';
import { runQuery } from '@/server/web/queries';
import { fail } from '@/server/web/envelope';
import { PRIVATE_NO_STORE } from '@/server/web/cache';
import { salesReport } from '@/server/reports/queries';
import { reportCsv } from '@/server/reports/csv';
import { ReportQuerySchema } from '@/lib/schemas/reports';

/** `GET /{admin,seller}/reports/export.csv?period=…&table=…`: one table of the report, in the caller's scope. */
export async function serveReportCsv(ctx: APIContext): Promise<Response> {
  try {
    const report = await runQuery(ctx, salesReport);
    const table = ReportQuerySchema.safeParse(Object.fromEntries(ctx.url.searchParams)).data?.table ?? 'product';
    const { columns, rows } = reportCsv(report, table, ctx.locals.settings.setting.currency);
    const body = stringify(rows, { header: true, columns });
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="report-${table}-${report.period.from}-${report.period.to}.csv"`,
        'cache-control': PRIVATE_NO_STORE,
      },
    });
  } catch (err) {
    return fail(err, ctx.locals.t);
  }
}
