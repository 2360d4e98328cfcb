import { defineQuery } from '@/server/core/query';
import { ReportQuerySchema } from '@/lib/schemas/reports';
import { buildReport } from '@/server/reports/report';

/** The sales report of a period (`/admin/reports`, `/seller/reports` and `api/v1/{admin,seller}/reports`), in the caller's scope. */
export const salesReport = defineQuery({
  name: 'reports.sales',
  input: ReportQuerySchema,
  auth: { can: 'read:report' },
  run: (input, _actor, scope) => buildReport(input, scope),
});
