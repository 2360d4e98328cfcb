import { sql } from 'drizzle-orm';
import { defineAction } from '@/server/core/action';
import { AppError } from '@/server/core/errors';
import { queryRows, type Tx } from '@/server/db/client';
import { CommissionRateSchema, PayoutSchema } from '@/lib/schemas/money';
import { storeOfSeller } from '@/server/money/manage';
import { recordPayout, setCommissionRate } from '@/server/money/payouts';

/** The shop's currency read in the action's own transaction (settings `setting.currency`, USD by default). */
async function currencyIn(tx: Tx): Promise<string> {
  const [row] = await queryRows<{ currency: string | null }>(
    tx,
    sql`select value->>'currency' as currency from settings where key = 'setting'`,
  );
  return (row?.currency || 'USD').toUpperCase();
}

/**
 * The operator records a payout made to a seller outside the shop (`POST api/v1/admin/sellers/{id}/payouts {amount |
 * amount_text, date, reference, note?}` with an Idempotency-Key): a payout line in the store's ledger, audited.
 */
export const recordPayoutAction = defineAction({
  name: 'money.payout',
  input: PayoutSchema,
  auth: { can: 'update:ledger' },
  invalidates: [],
  run: async (input, actor, { tx, audit }) => {
    const key = input.idempotency_key;
    if (!key) throw new AppError({ code: 'BAD_REQUEST', message: 'backoffice.money.errors.noKey' });
    const store = await storeOfSeller(input.id, tx);
    const result = await recordPayout(tx, store.id, { ...input, idempotency_key: key }, await currencyIn(tx), actor.user!.id);
    audit({
      entity: 'store',
      entityId: store.id,
      before: result.replayed ? null : { balance: result.balance - result.line.amount },
      after: result.replayed
        ? { payout_id: result.line.id, replayed: true }
        : { payout_id: result.line.id, amount: -result.line.amount, date: input.date, reference: input.reference, balance: result.balance },
    });
    return result;
  },
  message: (r) => (r.replayed ? 'backoffice.money.payoutReplayed' : 'backoffice.money.payoutDone'),
});

/** The operator sets a store's commission rate (`POST api/v1/admin/sellers/{id}/commission {rate}`; blank = the shop's default). */
export const commissionRateAction = defineAction({
  name: 'money.commission',
  input: CommissionRateSchema,
  auth: { can: 'update:ledger' },
  invalidates: [],
  run: async (input, _actor, { tx, audit }) => {
    const store = await storeOfSeller(input.id, tx);
    const change = await setCommissionRate(tx, store.id, input.rate);
    audit({
      entity: 'store',
      entityId: store.id,
      before: { commission_rate_bp: change.before },
      after: { commission_rate_bp: change.after },
    });
    return { store_id: store.id, commission_rate_bp: change.after };
  },
  message: 'backoffice.money.rateSaved',
});
