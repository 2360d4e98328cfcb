import { defineQuery } from '@/server/core/query';
import { OrdersQuerySchema, StaffOrderIdSchema } from '@/lib/schemas/backoffice';
import { countByStatus, getStaffOrder, listOrders } from '@/server/orders/manage';

/** The orders list with its status tabs (`/admin/orders`, `/seller/orders` and their API), in the caller's scope. */
export const ordersList = defineQuery({
  name: 'orders.list',
  input: OrdersQuerySchema,
  auth: { can: 'read:order' },
  run: async (input, _actor, scope) => ({ ...(await listOrders(input, scope)), counts: await countByStatus(input, scope) }),
});

/** One order (`/admin/orders/{id}`, `api/v1/admin/orders/{id}`); another store's is 404 to a seller. */
export const orderOne = defineQuery({
  name: 'orders.one',
  input: StaffOrderIdSchema,
  auth: { can: 'read:order' },
  run: ({ id }, _actor, scope) => getStaffOrder(id, scope),
});
