import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { storeIdsOf, type Scope } from '@/server/core/policy';
import { defineQuery } from '@/server/core/query';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { ListQuerySchema, type ListQuery } from '@/lib/schemas/backoffice';

/** One bank-transfer order whose money the shop has not confirmed yet. */
export interface TransferWaiting {
  id: number;
  order_no: string;
  store_name: string;
  status: string;
  total: number;
  email: string;
  customer: string;
  created_at: string;
  /** What the shopper said about the transfer (order/transaction), or null before they did. */
  details: Record<string, string> | null;
}

/**
 * Bank transfers waiting for the shop's confirmation (live orders, method 7, unpaid), oldest first, keyset
 * pages on the id, read through `orders_transfer_due_idx`; a seller's are their stores' only.
 */
export async function listTransfersWaiting(
  query: ListQuery,
  scope: Scope,
  db: Tx = getDb(),
): Promise<{ items: TransferWaiting[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const ids = storeIdsOf(scope);
  const stores =
    ids === null
      ? sql``
      : ids.length
        ? sql`and o.store_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`and false`;
  const rows = await queryRows<TransferWaiting>(
    db,
    sql`select o.id, o.order_no, coalesce(s.name, '') as store_name, o.status, o.total, o.email,
          coalesce(u.name, o.shipping_address->>'name', '') as customer, o.created_at,
          (select p.details from payments p where p.order_no = o.order_no order by p.id limit 1) as details
        from orders o left join stores s on s.id = o.store_id left join users u on u.id = o.user_id
        where o.payment_method = 7 and o.payment_status = 0 and o.status not in ('cancelled', 'refunded') ${stores}
          ${after ? sql`and o.id > ${after[0]}` : sql``}
        order by o.id asc limit ${query.per_page + 1}`,
  );
  const items = rows.map((r) => ({
    ...r,
    total: Number(r.total),
    created_at: new Date(r.created_at).toISOString(),
    details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, string>) : r.details,
  }));
  return pageOf(items, query.per_page, (r) => [r.id]);
}

/** `/admin/orders/transfers` (and the seller's): the transfers to confirm, in the caller's scope. */
export const transfersWaiting = defineQuery({
  name: 'orders.transfers',
  input: ListQuerySchema,
  auth: { can: 'read:order' },
  run: (input, _actor, scope) => listTransfersWaiting(input, scope),
});
