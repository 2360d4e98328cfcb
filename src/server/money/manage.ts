/**
 * Reads of the seller ledger (docs/decisions/0031-seller-commission.md): a store's lines newest first (keyset on the
 * id), its balance owed (the sum of its lines), and statements per calendar month (UTC) with opening and closing
 * balances, as JSON or CSV. Every read takes a store the caller's scope already allowed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError, notFound } from '@/server/core/errors';
import { inScope, type Scope } from '@/server/core/policy';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { toDecimal } from '@/server/payments/money';
import type { LedgerKind } from '@/server/db/schema/ledger';

export interface LedgerLine {
  id: number;
  store_id: number;
  at: string;
  kind: LedgerKind;
  /** Signed minor units: + owed to the seller, − kept by the shop or paid out. */
  amount: number;
  order_id: number | null;
  order_line_id: number | null;
  reference: string | null;
  note: string;
}

export interface StoreMoney {
  id: number;
  name: string;
  /** Basis points; null = the shop's default. */
  commission_rate_bp: number | null;
}

const COLUMNS = sql`id, store_id, created_at, kind, amount_minor, order_id, order_line_id, reference, note`;

const lineOf = (r: Record<string, unknown>): LedgerLine => ({
  id: Number(r.id),
  store_id: Number(r.store_id),
  at: new Date(r.created_at as string).toISOString(),
  kind: r.kind as LedgerKind,
  amount: Number(r.amount_minor),
  order_id: r.order_id === null ? null : Number(r.order_id),
  order_line_id: r.order_line_id === null ? null : Number(r.order_line_id),
  reference: (r.reference as string | null) ?? null,
  note: String(r.note ?? ''),
});

/** The store a seller's request is about: the named one if it is theirs (another's is 404), else their first. */
export async function storeInScope(scope: Scope, storeId: number | undefined, db: Tx = getDb()): Promise<StoreMoney> {
  const id = storeId ?? (scope.kind === 'own' ? [...scope.storeIds].sort((a, b) => a - b)[0] : undefined);
  if (id === undefined || !inScope(scope, id)) throw notFound('theStore');
  return storeMoney(db, id);
}

async function storeMoney(db: Tx, id: number): Promise<StoreMoney> {
  const [row] = await queryRows<StoreMoney>(db, sql`select id, name, commission_rate_bp from stores where id = ${id}`);
  if (!row) throw notFound('theStore');
  return row;
}

/** The store of a seller application (`/admin/sellers/{id}`); 404 until it is approved and has one. */
export async function storeOfSeller(sellerId: number, db: Tx = getDb()): Promise<StoreMoney> {
  const [row] = await queryRows<{ store_id: number | null }>(db, sql`select store_id from sellers where id = ${sellerId}`);
  if (!row) throw notFound('sellerApplication', { id: sellerId });
  if (row.store_id === null) throw new AppError({ code: 'NOT_FOUND', message: 'backoffice.money.errors.noStore' });
  return storeMoney(db, row.store_id);
}

/** What the shop owes the store now: the sum of its ledger. */
export async function balanceOf(storeId: number, db: Tx = getDb()): Promise<number> {
  const [row] = await queryRows<{ sum: number }>(
    db,
    sql`select coalesce(sum(amount_minor), 0)::bigint as sum from seller_ledger where store_id = ${storeId}`,
  );
  return Number(row?.sum ?? 0);
}

/** A store's ledger lines, newest first, optionally of one kind; keyset pages on the id. */
export async function listLedger(
  storeId: number,
  query: { cursor: string; per_page: number; kind: string },
  db: Tx = getDb(),
): Promise<{ items: LedgerLine[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where: SQL[] = [sql`store_id = ${storeId}`];
  if (query.kind) where.push(sql`kind = ${query.kind}`);
  if (after) where.push(sql`id < ${Number(after[0])}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from seller_ledger where ${sql.join(where, sql` and `)} order by id desc limit ${query.per_page + 1}`,
  );
  return pageOf(rows.map(lineOf), query.per_page, (l) => [l.id]);
}

/** One ledger line, if it is of a store in the scope (another store's answers 404, as if it did not exist). */
export async function ledgerLine(id: number, scope: Scope, db: Tx = getDb()): Promise<LedgerLine> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${COLUMNS} from seller_ledger where id = ${id}`);
  const line = row ? lineOf(row) : null;
  if (!line || !inScope(scope, line.store_id)) throw new AppError({ code: 'NOT_FOUND', message: 'backoffice.money.errors.noLine' });
  return line;
}

export interface MonthSummary {
  /** `<store id>-<YYYY-MM>`: the statement's id in its path. */
  id: string;
  month: string;
  /** The month's lines added up by kind, and their sum. */
  totals: Record<LedgerKind, number>;
  net: number;
}

const emptyTotals = (): Record<LedgerKind, number> => ({ sale: 0, commission: 0, refund: 0, refund_commission: 0, payout: 0 });

/** The months a store has ledger lines in, newest first, with their totals by kind. */
export async function statementMonths(storeId: number, db: Tx = getDb()): Promise<MonthSummary[]> {
  const rows = await queryRows<{ month: string; kind: LedgerKind; sum: number }>(
    db,
    sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, kind, sum(amount_minor)::bigint as sum
        from seller_ledger where store_id = ${storeId} group by 1, 2 order by 1 desc`,
  );
  const months = new Map<string, MonthSummary>();
  for (const r of rows) {
    const m = months.get(r.month) ?? { id: `${storeId}-${r.month}`, month: r.month, totals: emptyTotals(), net: 0 };
    m.totals[r.kind] += Number(r.sum);
    m.net += Number(r.sum);
    months.set(r.month, m);
  }
  return [...months.values()];
}

export interface Statement extends MonthSummary {
  store: StoreMoney;
  opening: number;
  closing: number;
  lines: LedgerLine[];
}

/** Statements are at most this many lines (a store with more in one month downloads the CSV in parts later). */
const STATEMENT_LINES = 20_000;

/** One month of a store's ledger (UTC): the balance before it, its lines oldest first, the totals and the balance after. */
export async function statementOf(store: StoreMoney, month: string, db: Tx = getDb()): Promise<Statement> {
  const start = `${month}-01T00:00:00Z`;
  const range = sql`created_at >= ${start}::timestamptz and created_at < ${start}::timestamptz + interval '1 month'`;
  const [opening] = await queryRows<{ sum: number }>(
    db,
    sql`select coalesce(sum(amount_minor), 0)::bigint as sum from seller_ledger where store_id = ${store.id} and created_at < ${start}::timestamptz`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${COLUMNS} from seller_ledger where store_id = ${store.id} and ${range} order by created_at, id limit ${STATEMENT_LINES}`,
  );
  const lines = rows.map(lineOf);
  const totals = emptyTotals();
  for (const l of lines) totals[l.kind] += l.amount;
  const net = lines.reduce((s, l) => s + l.amount, 0);
  const open = Number(opening?.sum ?? 0);
  return { id: `${store.id}-${month}`, month, store, opening: open, totals, net, closing: open + net, lines };
}

/** A text a seller or operator typed, kept from being read as a formula by a spreadsheet. */
const text = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** A statement as CSV: one row per line with the running balance, amounts as decimals of the currency. */
export function statementCsv(s: Statement, currency: string, label: (kind: LedgerKind | 'opening' | 'closing') => string): string {
  let running = s.opening;
  const money = (minor: number) => toDecimal(minor, currency);
  const rows = s.lines.map((l) => {
    running += l.amount;
    return [
      l.at,
      l.id,
      label(l.kind),
      l.kind,
      l.order_id ?? '',
      l.order_line_id ?? '',
      text(l.reference ?? ''),
      text(l.note),
      money(l.amount),
      money(running),
    ];
  });
  return stringify(
    [
      ['date', 'id', 'description', 'kind', 'order_id', 'order_line_id', 'reference', 'note', `amount_${currency}`, `balance_${currency}`],
      ['', '', label('opening'), 'opening', '', '', '', '', '', money(s.opening)],
      ...rows,
      ['', '', label('closing'), 'closing', '', '', '', '', money(s.net), money(s.closing)],
    ],
    { bom: false },
  );
}
