import { defineQuery } from '@/server/core/query';
import { AdminLedgerQuerySchema, LedgerLineIdSchema, SellerLedgerQuerySchema, StatementQuerySchema } from '@/lib/schemas/money';
import { getSettings } from '@/server/settings/index';
import { balanceOf, ledgerLine, listLedger, statementMonths, statementOf, storeInScope, storeOfSeller } from '@/server/money/manage';

const currencyOf = async () => (await getSettings()).setting.currency.toUpperCase();

/** A seller's money (`/seller/money`, `api/v1/seller/money`): the balance owed, the ledger's lines and the months' statements. */
export const sellerMoney = defineQuery({
  name: 'money.seller',
  input: SellerLedgerQuerySchema,
  auth: { can: 'read:ledger' },
  run: async (input, _actor, scope) => {
    const store = await storeInScope(scope, input.store_id);
    const [balance, page, months, currency] = await Promise.all([
      balanceOf(store.id),
      listLedger(store.id, input),
      statementMonths(store.id),
      currencyOf(),
    ]);
    return { store, currency, balance, ...page, months };
  },
});

/** DESIGN.md's `GET api/v1/seller/ledger` → `{items: [{at, kind, order_id?, amount}], balance, next_cursor}`. */
export const sellerLedger = defineQuery({
  name: 'money.ledger',
  input: SellerLedgerQuerySchema,
  auth: { can: 'read:ledger' },
  run: async (input, _actor, scope) => {
    const store = await storeInScope(scope, input.store_id);
    const [balance, page] = await Promise.all([balanceOf(store.id), listLedger(store.id, input)]);
    return { store_id: store.id, balance, ...page };
  },
});

/** One ledger line (`api/v1/seller/ledger/{id}`); another store's is 404. */
export const ledgerLineOne = defineQuery({
  name: 'money.line',
  input: LedgerLineIdSchema,
  auth: { can: 'read:ledger' },
  run: ({ id }, _actor, scope) => ledgerLine(id, scope),
});

/** One month's statement (`/seller/money/statements/{store}-{YYYY-MM}`); another store's is 404. */
export const statementOne = defineQuery({
  name: 'money.statement',
  input: StatementQuerySchema,
  auth: { can: 'read:ledger' },
  run: async ({ id }, _actor, scope) => {
    const store = await storeInScope(scope, id.storeId);
    return { ...(await statementOf(store, id.month)), currency: await currencyOf() };
  },
});

/** The operator's view of a seller's money (`/admin/sellers/{id}`, `api/v1/admin/sellers/{id}/ledger`). */
export const adminSellerLedger = defineQuery({
  name: 'money.admin-ledger',
  input: AdminLedgerQuerySchema,
  auth: { can: 'read:ledger' },
  run: async (input) => {
    const store = await storeOfSeller(input.id);
    const [balance, page, currency, settings] = await Promise.all([
      balanceOf(store.id),
      listLedger(store.id, input),
      currencyOf(),
      getSettings(),
    ]);
    return { store, currency, balance, default_rate_bp: settings.commission.default_rate_bp, ...page };
  },
});
