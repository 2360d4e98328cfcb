import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';
import type { Period } from '@/server/reports/period';
import type { StoreIds } from '@/server/reports/figures';

/**
 * The seller ledger's lines of a period (docs/decisions/0031), in the shop's time zone: what the stores sold
 * (paid orders), the commission the shop kept net of refunds, the stores' refunds and the payouts. Amounts in
 * minor units, each as a positive figure of its own kind (the ledger's signs are the seller's point of view).
 */
export interface LedgerFigures {
  sales: number;
  commission: number;
  refunds: number;
  payouts: number;
}

export async function ledgerOf(db: Tx, p: Pick<Period, 'from' | 'to'>, timeZone: string, ids: StoreIds): Promise<LedgerFigures> {
  if (ids && ids.length === 0) return { sales: 0, commission: 0, refunds: 0, payouts: 0 };
  const stores = ids
    ? sql`and store_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<{ kind: string; total: string | number }>(
    db,
    sql`select kind, coalesce(sum(amount_minor), 0)::bigint as total from seller_ledger
        where created_at >= (${p.from}::date)::timestamp at time zone ${timeZone}
          and created_at < ((${p.to}::date + 1)::timestamp at time zone ${timeZone}) ${stores}
        group by kind`,
  );
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return {
    sales: of('sale'),
    // 0 − x, not −x: no −0 for a kind with no lines.
    commission: 0 - (of('commission') + of('refund_commission')),
    refunds: 0 - of('refund'),
    payouts: 0 - of('payout'),
  };
}
