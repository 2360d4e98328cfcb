import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { salesReport } from '@/server/reports/queries';

/** The sales report: `?period=today|7d|30d|month|custom&from=&to=` → totals, the previous period's, series and tables. */
export const ALL = route({ GET: serveQuery(salesReport) });
