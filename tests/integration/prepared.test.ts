import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { preparedRows } from '@/server/db/prepared';
import { getDb, queryRows } from '@/server/db/client';

/** server/db/prepared.ts: the same rows as an ordinary query, on both databases, whatever the parameters. */
useTestDatabase();

const echo = (text: string | null, n: number | null, flag: boolean) =>
  preparedRows<{ text: string | null; n: number | null; flag: boolean; ts: string }>(
    sql`select ${text}::text as text, ${n}::int as n, ${flag}::boolean as flag, '2026-01-02T03:04:05Z'::timestamptz as ts`,
  );

describe('preparedRows', () => {
  it('answers each call with its own parameters (quotes, backslashes, null, booleans), the plan kept but never the rows', async () => {
    expect(await echo("it's a \\ 'quoted' one", 5, true)).toMatchObject([{ text: "it's a \\ 'quoted' one", n: 5, flag: true }]);
    expect(await echo('other', null, false)).toMatchObject([{ text: 'other', n: null, flag: false }]);
    expect(await echo(null, -3, true)).toMatchObject([{ text: null, n: -3, flag: true }]);
    // Concurrent first runs of a new statement: prepared once, each answered with its own figure.
    const many = await Promise.all([1, 2, 3, 4].map((n) => preparedRows<{ n: number }>(sql`select ${n}::int + 0 as n`)));
    expect(many.map((rows) => rows[0]!.n)).toEqual([1, 2, 3, 4]);
  });

  it('gives the rows the ordinary path gives, type by type', async () => {
    const read = (n: number) => sql`select ${n}::int as n, ${n}::bigint * 3 as big, 12.50::numeric as money, true as yes, null::int as none,
      '2026-01-02T03:04:05Z'::timestamptz as ts, '2026-01-02'::date as d, array[1, ${n}]::int[] as ids, array['a', 'b,c']::text[] as words,
      json_build_object('at', ${n}::int) as j, '{"k": [1]}'::jsonb as jb, interval '2 hours' as i
      from generate_series(1, 3) g`;
    expect(await preparedRows(read(7))).toEqual(await queryRows(getDb(), read(7)));
    expect(await preparedRows(read(8))).toEqual(await queryRows(getDb(), read(8)));
  });

  it('reads dates and times as text, as the ordinary path does', async () => {
    const [row] = await echo('x', 1, true);
    expect(typeof row!.ts).toBe('string');
  });
});

describe('dates and times through drizzle (server/db/pglite-parsers.ts)', () => {
  const read = sql`select '2026-01-02T03:04:05Z'::timestamptz as ts, '2026-01-02'::date as d, interval '1 day' as i,
    7::int as n, '{"at": "x"}'::json as j`;
  type Row = { ts: unknown; d: unknown; i: unknown; n: unknown; j: unknown };
  const expectText = (row: Row) => {
    expect(typeof row.ts).toBe('string');
    expect(row.d).toBe('2026-01-02');
    expect(typeof row.i).toBe('string');
    expect(row.n).toBe(7);
    expect(row.j).toEqual({ at: 'x' });
  };

  it('stay text, and numbers and JSON are parsed, outside and inside a transaction', async () => {
    expectText((await queryRows<Row>(getDb(), read))[0]!);
    await getDb().transaction(async (tx) => expectText((await queryRows<Row>(tx, read))[0]!));
  });
});
