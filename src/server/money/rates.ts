import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';

/** Each store's commission rate in basis points: its own, or the shop's default when the operator set none. */
export async function commissionRates(db: Tx, storeIds: readonly number[], defaultBp: number): Promise<Map<number, number>> {
  if (!storeIds.length) return new Map();
  const rows = await queryRows<{ id: number; commission_rate_bp: number | null }>(
    db,
    sql`select id, commission_rate_bp from stores where id in (${sql.join(
      storeIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.commission_rate_bp ?? defaultBp]));
}
