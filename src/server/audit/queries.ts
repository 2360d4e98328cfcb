import { defineQuery } from '@/server/core/query';
import { AuditQuerySchema } from '@/lib/schemas/backoffice';
import { listAudit } from '@/server/audit/manage';

/** The audit log with its filters (`/admin/audit` and `api/v1/admin/audit`). */
export const auditList = defineQuery({
  name: 'audit.list',
  input: AuditQuerySchema,
  auth: { can: 'read:audit' },
  run: (input) => listAudit(input),
});
