import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';

/**
 * Refuses a checkout that still holds a product of a suspended store (it left the storefront, but may sit in a
 * cart from before). The stores' rows are read `for share`, so a suspension running at the same moment waits
 * for this order or comes first; never an order of a store that was suspended while it was placed.
 */
export async function refuseSuspendedStores(tx: Tx, storeIds: number[]): Promise<void> {
  if (!storeIds.length) return;
  const closed = await queryRows<{ name: string }>(
    tx,
    sql`select name from stores where id in (${sql.join(
      storeIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and status <> 1 order by name for share`,
  );
  if (closed.length)
    throw new AppError({ code: 'VALIDATION', message: 'checkout.storeSuspended', vars: { store: closed.map((s) => s.name).join(', ') } });
}
