import type { APIRoute } from 'astro';
import { serveReportCsv } from '@/server/web/report-csv';

/** One table of the report as CSV (`?period=&from=&to=&table=`), in the caller's scope. */
export const GET: APIRoute = (ctx) => serveReportCsv(ctx);
