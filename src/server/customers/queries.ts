import { defineQuery } from '@/server/core/query';
import { CustomerIdSchema, CustomersQuerySchema } from '@/lib/schemas/customers';
import { exportCustomer, getCustomer, listCustomers } from '@/server/customers/manage';
import { getDb } from '@/server/db/client';
import { writeAudit } from '@/server/core/audit';

/** The customers (`/admin/customers`, `api/v1/admin/customers`), newest first, searched and filtered. */
export const customersList = defineQuery({
  name: 'customers.list',
  input: CustomersQuerySchema,
  auth: { can: 'read:customer' },
  run: (input) => listCustomers(input),
});

/** One customer (`/admin/customers/{id}`, `api/v1/admin/customers/{id}`). */
export const customerOne = defineQuery({
  name: 'customers.one',
  input: CustomerIdSchema,
  auth: { can: 'read:customer' },
  run: ({ id }) => getCustomer(id),
});

/**
 * Everything the shop holds on one customer (`/admin/customers/{id}/export.json`), for the person's right of
 * access; each export is audited (who took a copy of whose data, when).
 */
export const customerExport = defineQuery({
  name: 'customers.export',
  input: CustomerIdSchema,
  auth: { can: 'read:customer' },
  run: async ({ id }, actor) =>
    getDb().transaction(async (tx) => {
      const data = await exportCustomer(id, tx);
      await writeAudit(tx, actor, 'customers.export', { entity: 'customer', entityId: id, before: null, after: { exported: true } });
      return data;
    }),
});
