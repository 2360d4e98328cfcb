import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { orderLines, orders, sellerLedger, sellers, stores } from '@/server/db/schema';
import type { Scope } from '@/server/core/policy';
import {
  balanceOf,
  ledgerLine,
  listLedger,
  statementCsv,
  statementMonths,
  statementOf,
  storeInScope,
  storeOfSeller,
  type StoreMoney,
} from '@/server/money/manage';
import { failure } from './cart-fixtures';

/**
 * money/manage.ts called directly (issue 38, docs/mutation-testing.md run AA): the store a request is about (the
 * seller's first, another's 404), a seller application's store, the balance, the ledger by keyset pages and by kind,
 * one line in or out of the scope, the statements per UTC month (opening, totals, closing) and the statement as CSV
 * (running balance, amounts in the currency's decimals, typed text kept from being read as a formula). An empty shop
 * with ledger lines written here at known times, so each figure is known.
 */
useTestDatabase();

const ANY: Scope = { kind: 'any' };
const own = (...storeIds: number[]): Scope => ({ kind: 'own', storeIds });

let A: StoreMoney;
let B: StoreMoney;
let C: StoreMoney;
let approved: number;
let pending: number;
let orderId: number;
let lineId: number;
/** Store A's lines l[1] … l[7] (oldest first), store B's m. */
const l: number[] = [];
let m: number;

interface Line {
  store: number;
  kind: 'sale' | 'commission' | 'refund' | 'refund_commission' | 'payout';
  amount: number;
  at: string;
  order?: boolean;
  line?: boolean;
  reference?: string;
  note?: string;
}

async function line(s: Line): Promise<number> {
  const [row] = await getDb()
    .insert(sellerLedger)
    .values({
      storeId: s.store,
      kind: s.kind,
      amountMinor: s.amount,
      orderId: s.order ? orderId : null,
      orderLineId: s.line ? lineId : null,
      reference: s.reference ?? null,
      note: s.note ?? '',
      createdAt: new Date(s.at),
    })
    .returning({ id: sellerLedger.id });
  return row!.id;
}

beforeAll(async () => {
  const store = async (name: string, slug: string, commissionRateBp: number | null) => {
    const [s] = await getDb().insert(stores).values({ name, slug, commissionRateBp }).returning();
    return { id: s!.id, name, commission_rate_bp: commissionRateBp };
  };
  A = await store('Amber Goods', 'amber-goods', 1250);
  B = await store('Birch Supply', 'birch-supply', null);
  C = await store('Cedar Co', 'cedar-co', 800);
  const application = async (shopName: string, storeId: number | null, status: 'approved' | 'pending') =>
    (
      await getDb()
        .insert(sellers)
        .values({ name: `${shopName} owner`, email: `${shopName.toLowerCase().replace(/\W/g, '')}@example.com`, shopName, storeId, status })
        .returning()
    )[0]!.id;
  approved = await application('Amber Goods', A.id, 'approved');
  pending = await application('Not Yet', null, 'pending');
  const [o] = await getDb()
    .insert(orders)
    .values({
      orderNo: 'MONEY-1',
      storeId: A.id,
      paymentMethod: 2,
      email: 'buyer@example.com',
      trackingCode: 'TM1',
      subtotal: 10000,
      total: 10000,
    })
    .returning();
  orderId = o!.id;
  const [ol] = await getDb()
    .insert(orderLines)
    .values({ orderId, title: 'Charger', unitPrice: 10000, quantity: 1, lineTotal: 10000 })
    .returning();
  lineId = ol!.id;
  l[1] = await line({ store: A.id, kind: 'sale', amount: 10000, at: '2026-01-15T10:00:00Z', order: true, line: true });
  l[2] = await line({
    store: A.id,
    kind: 'commission',
    amount: -1250,
    at: '2026-01-15T10:00:00Z',
    order: true,
    line: true,
    note: '\rcarriage',
  });
  l[3] = await line({
    store: A.id,
    kind: 'payout',
    amount: -5000,
    at: '2026-01-31T23:59:59.999Z',
    reference: '=HYPERLINK("x")',
    note: '+1 bonus',
  });
  l[4] = await line({
    store: A.id,
    kind: 'refund',
    amount: -2000,
    at: '2026-02-01T00:00:00Z',
    order: true,
    reference: 'refund:7',
    note: '-minus',
  });
  m = await line({ store: B.id, kind: 'sale', amount: 999, at: '2026-02-05T12:00:00Z' });
  l[5] = await line({ store: A.id, kind: 'refund_commission', amount: 250, at: '2026-02-10T08:00:00Z', order: true, note: '@at' });
  l[6] = await line({ store: A.id, kind: 'payout', amount: -1000, at: '2026-02-28T23:00:00Z', note: '\tTab' });
  l[7] = await line({ store: A.id, kind: 'sale', amount: 3000, at: '2026-03-01T00:00:00Z', reference: 'REF a=b', note: 'plain a=b+c' });
});

describe('the store a request is about', () => {
  it('is the one named, if in the scope; a seller’s first store when none is named', async () => {
    expect(await storeInScope(ANY, A.id)).toEqual({ id: A.id, name: 'Amber Goods', commission_rate_bp: 1250 });
    expect(await storeInScope(ANY, B.id)).toEqual({ id: B.id, name: 'Birch Supply', commission_rate_bp: null });
    expect(await storeInScope(own(B.id), B.id)).toEqual({ id: B.id, name: 'Birch Supply', commission_rate_bp: null });
    expect((await storeInScope(own(C.id, A.id, B.id), undefined)).id).toBe(A.id);
    expect((await storeInScope(own(C.id, B.id), undefined)).id).toBe(B.id);
    expect(await storeInScope(own(C.id), undefined)).toEqual({ id: C.id, name: 'Cedar Co', commission_rate_bp: 800 });
  });

  it('is 404 for another store, no store named by the operator, a seller of no store, and a store that does not exist', async () => {
    for (const [scope, id] of [
      [own(A.id), B.id],
      [own(), A.id],
      [ANY, undefined],
      [own(), undefined],
      [ANY, C.id + 1000],
    ] as const) {
      const err = await failure(storeInScope(scope, id));
      expect([err.code, err.httpStatus, err.message]).toEqual(['NOT_FOUND', 404, 'The store could not be found.']);
    }
  });

  it('of a seller application is its store once approved; 404 before, and for an unknown application', async () => {
    expect(await storeOfSeller(approved)).toEqual({ id: A.id, name: 'Amber Goods', commission_rate_bp: 1250 });
    const none = await failure(storeOfSeller(pending));
    expect([none.code, none.httpStatus, none.message]).toEqual([
      'NOT_FOUND',
      404,
      'This seller has no store yet: approve the application first.',
    ]);
    const unknown = await failure(storeOfSeller(pending + 1000));
    expect([unknown.code, unknown.httpStatus, unknown.message]).toEqual([
      'NOT_FOUND',
      404,
      `Seller application ${pending + 1000} could not be found.`,
    ]);
  });
});

describe('the balance and the ledger', () => {
  it('owes each store the sum of its lines', async () => {
    expect(await balanceOf(A.id)).toBe(4000);
    expect(await balanceOf(B.id)).toBe(999);
    expect(await balanceOf(C.id)).toBe(0);
  });

  it('lists a store’s lines newest first, every field, by keyset pages', async () => {
    const first = await listLedger(A.id, { cursor: '', per_page: 3, kind: '' });
    expect(first.items).toEqual([
      {
        id: l[7],
        store_id: A.id,
        at: '2026-03-01T00:00:00.000Z',
        kind: 'sale',
        amount: 3000,
        order_id: null,
        order_line_id: null,
        reference: 'REF a=b',
        note: 'plain a=b+c',
      },
      {
        id: l[6],
        store_id: A.id,
        at: '2026-02-28T23:00:00.000Z',
        kind: 'payout',
        amount: -1000,
        order_id: null,
        order_line_id: null,
        reference: null,
        note: '\tTab',
      },
      {
        id: l[5],
        store_id: A.id,
        at: '2026-02-10T08:00:00.000Z',
        kind: 'refund_commission',
        amount: 250,
        order_id: orderId,
        order_line_id: null,
        reference: null,
        note: '@at',
      },
    ]);
    const second = await listLedger(A.id, { cursor: first.next_cursor!, per_page: 3, kind: '' });
    expect(second.items.map((x) => x.id)).toEqual([l[4], l[3], l[2]]);
    expect(second.items[2]).toMatchObject({ kind: 'commission', amount: -1250, order_id: orderId, order_line_id: lineId });
    const third = await listLedger(A.id, { cursor: second.next_cursor!, per_page: 3, kind: '' });
    expect(third.items.map((x) => x.id)).toEqual([l[1]]);
    expect(third.next_cursor).toBeNull();
    const whole = await listLedger(A.id, { cursor: '', per_page: 7, kind: '' });
    expect([whole.items.length, whole.next_cursor]).toEqual([7, null]);
    expect((await listLedger(B.id, { cursor: '', per_page: 25, kind: '' })).items.map((x) => x.id)).toEqual([m]);
    expect(await listLedger(C.id, { cursor: '', per_page: 25, kind: '' })).toEqual({ items: [], next_cursor: null });
  });

  it('lists one kind of line', async () => {
    expect((await listLedger(A.id, { cursor: '', per_page: 25, kind: 'payout' })).items.map((x) => x.id)).toEqual([l[6], l[3]]);
    const sales = await listLedger(A.id, { cursor: '', per_page: 1, kind: 'sale' });
    expect(sales.items.map((x) => x.id)).toEqual([l[7]]);
    const older = await listLedger(A.id, { cursor: sales.next_cursor!, per_page: 1, kind: 'sale' });
    expect([older.items.map((x) => x.id), older.next_cursor]).toEqual([[l[1]], null]);
    expect((await listLedger(B.id, { cursor: '', per_page: 25, kind: 'payout' })).items).toEqual([]);
  });

  it('shows one line of a store in the scope; another store’s line, or none, is 404', async () => {
    expect(await ledgerLine(l[4]!, ANY)).toEqual({
      id: l[4],
      store_id: A.id,
      at: '2026-02-01T00:00:00.000Z',
      kind: 'refund',
      amount: -2000,
      order_id: orderId,
      order_line_id: null,
      reference: 'refund:7',
      note: '-minus',
    });
    expect((await ledgerLine(m, own(C.id, B.id))).amount).toBe(999);
    for (const [id, scope] of [
      [l[4]!, own(B.id)],
      [m, own()],
      [l[7]! + 1000, ANY],
    ] as const) {
      const err = await failure(ledgerLine(id, scope));
      expect([err.code, err.httpStatus, err.message]).toEqual(['NOT_FOUND', 404, 'This ledger line could not be found.']);
    }
  });
});

describe('statements', () => {
  const totals = (t: Partial<Record<'sale' | 'commission' | 'refund' | 'refund_commission' | 'payout', number>>) => ({
    sale: 0,
    commission: 0,
    refund: 0,
    refund_commission: 0,
    payout: 0,
    ...t,
  });

  it('lists the months a store has lines in, newest first, each added up by kind (UTC months)', async () => {
    expect(await statementMonths(A.id)).toEqual([
      { id: `${A.id}-2026-03`, month: '2026-03', totals: totals({ sale: 3000 }), net: 3000 },
      { id: `${A.id}-2026-02`, month: '2026-02', totals: totals({ refund: -2000, refund_commission: 250, payout: -1000 }), net: -2750 },
      { id: `${A.id}-2026-01`, month: '2026-01', totals: totals({ sale: 10000, commission: -1250, payout: -5000 }), net: 3750 },
    ]);
    expect(await statementMonths(B.id)).toEqual([{ id: `${B.id}-2026-02`, month: '2026-02', totals: totals({ sale: 999 }), net: 999 }]);
    expect(await statementMonths(C.id)).toEqual([]);
  });

  it('gives a month’s balance before, its lines oldest first, its totals and the balance after', async () => {
    const feb = await statementOf(A, '2026-02');
    expect({ ...feb, lines: feb.lines.map((x) => x.id) }).toEqual({
      id: `${A.id}-2026-02`,
      month: '2026-02',
      store: A,
      opening: 3750,
      totals: totals({ refund: -2000, refund_commission: 250, payout: -1000 }),
      net: -2750,
      closing: 1000,
      lines: [l[4], l[5], l[6]],
    });
    expect(feb.lines[0]).toEqual(await ledgerLine(l[4]!, ANY));
    const jan = await statementOf(A, '2026-01');
    expect([jan.opening, jan.net, jan.closing, jan.lines.map((x) => x.id)]).toEqual([0, 3750, 3750, [l[1], l[2], l[3]]]);
    const mar = await statementOf(A, '2026-03');
    expect([mar.opening, mar.net, mar.closing, mar.lines.map((x) => x.id)]).toEqual([1000, 3000, 4000, [l[7]]]);
    const april = await statementOf(A, '2026-04');
    expect([april.opening, april.totals, april.net, april.closing, april.lines]).toEqual([4000, totals({}), 0, 4000, []]);
    const before = await statementOf(A, '2025-12');
    expect([before.opening, before.net, before.closing, before.lines]).toEqual([0, 0, 0, []]);
    const b = await statementOf(B, '2026-02');
    expect([b.opening, b.net, b.closing, b.lines.map((x) => x.id)]).toEqual([0, 999, 999, [m]]);
  });

  it('downloads as CSV: a row per line with the running balance, the currency’s decimals, formulas defused', async () => {
    const label = (kind: string) => `Label ${kind}`;
    const csv = statementCsv(await statementOf(A, '2026-02'), 'USD', label);
    expect(csv.startsWith('date,id,description,kind,')).toBe(true);
    expect(parse(csv, { bom: false, relax_column_count: false })).toEqual([
      ['date', 'id', 'description', 'kind', 'order_id', 'order_line_id', 'reference', 'note', 'amount_USD', 'balance_USD'],
      ['', '', 'Label opening', 'opening', '', '', '', '', '', '37.50'],
      ['2026-02-01T00:00:00.000Z', String(l[4]), 'Label refund', 'refund', String(orderId), '', 'refund:7', "'-minus", '-20.00', '17.50'],
      [
        '2026-02-10T08:00:00.000Z',
        String(l[5]),
        'Label refund_commission',
        'refund_commission',
        String(orderId),
        '',
        '',
        "'@at",
        '2.50',
        '20.00',
      ],
      ['2026-02-28T23:00:00.000Z', String(l[6]), 'Label payout', 'payout', '', '', '', "'\tTab", '-10.00', '10.00'],
      ['', '', 'Label closing', 'closing', '', '', '', '', '-27.50', '10.00'],
    ]);
    const jan = parse(statementCsv(await statementOf(A, '2026-01'), 'JPY', label)) as string[][];
    expect(jan).toEqual([
      ['date', 'id', 'description', 'kind', 'order_id', 'order_line_id', 'reference', 'note', 'amount_JPY', 'balance_JPY'],
      ['', '', 'Label opening', 'opening', '', '', '', '', '', '0'],
      ['2026-01-15T10:00:00.000Z', String(l[1]), 'Label sale', 'sale', String(orderId), String(lineId), '', '', '10000', '10000'],
      [
        '2026-01-15T10:00:00.000Z',
        String(l[2]),
        'Label commission',
        'commission',
        String(orderId),
        String(lineId),
        '',
        "'\rcarriage",
        '-1250',
        '8750',
      ],
      ['2026-01-31T23:59:59.999Z', String(l[3]), 'Label payout', 'payout', '', '', `'=HYPERLINK("x")`, "'+1 bonus", '-5000', '3750'],
      ['', '', 'Label closing', 'closing', '', '', '', '', '3750', '3750'],
    ]);
    const mar = parse(statementCsv(await statementOf(A, '2026-03'), 'USD', label)) as string[][];
    expect(mar[2]!.slice(6)).toEqual(['REF a=b', 'plain a=b+c', '30.00', '40.00']); // "=" later in the text is left alone
  });
});
