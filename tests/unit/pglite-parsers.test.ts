import { describe, expect, it } from 'vitest';
import { AS_TEXT_PARSERS, withoutParserMerge } from '@/server/db/pglite-parsers';

/**
 * server/db/pglite-parsers.ts: PGlite merges a query's own parsers into its whole table on every query,
 * so a query whose parsers only keep dates and times as text (drizzle's, every query) goes without them
 * — the instance keeps those already —, in a transaction too; any other parser is passed on as it came.
 */
function fakeClient() {
  const seen: (Record<string, unknown> | undefined)[] = [];
  const queries = { query: async (_text: string, _params?: unknown[], options?: Record<string, unknown>) => void seen.push(options) };
  const client = { ...queries, transaction: async <T>(fn: (tx: typeof queries) => Promise<T>) => fn({ ...queries }) };
  withoutParserMerge(client);
  return { client, seen };
}

const drizzleLike = () => ({ rowMode: 'array', parsers: { 1114: (v: string) => v, 1184: (v: string) => v, 1182: (v: string) => v } });

describe('withoutParserMerge', () => {
  it('drops parsers the instance has already, and keeps the rest of the options', async () => {
    const { client, seen } = fakeClient();
    await client.query('select 1', [], drizzleLike());
    expect(seen[0]).toEqual({ rowMode: 'array' });
  });

  it('passes any other parser on, and options without parsers untouched', async () => {
    const { client, seen } = fakeClient();
    const own = { rowMode: 'object', parsers: { 1114: (v: string) => v, 23: (v: string) => Number(v) * 2 } };
    await client.query('select 1', [], own);
    await client.query('select 1', [], { rowMode: 'object' });
    await client.query('select 1');
    expect(seen).toEqual([own, { rowMode: 'object' }, undefined]);
  });

  it('does the same inside a transaction', async () => {
    const { client, seen } = fakeClient();
    await client.transaction((tx) => tx.query('select 1', [], drizzleLike()));
    expect(seen[0]).toEqual({ rowMode: 'array' });
  });

  it('keeps as text exactly what drizzle keeps as text (dates, times, intervals, numeric and date arrays)', () => {
    expect(
      Object.keys(AS_TEXT_PARSERS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]);
    expect(AS_TEXT_PARSERS[1184]!('2026-01-02 03:04:05+00')).toBe('2026-01-02 03:04:05+00');
  });
});
