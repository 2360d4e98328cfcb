import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { compiledPglite, openDatabase } from '@/server/db/client';

/**
 * PostgreSQL's WebAssembly is compiled once per process (db/client.ts `compiledPglite`): a test worker opens an
 * embedded database per test file, and compiling and freeing PGlite's machine code at each open is what Node 24's V8
 * has been seen to abort on (nodejs/node#64500).
 */
describe('the embedded database in one process', () => {
  it('instantiates every database it opens from one compiled module', { timeout: 120_000 }, async () => {
    const compiled = await compiledPglite();
    expect(compiled).toBeInstanceOf(WebAssembly.Module);
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    try {
      for (const n of [1, 2]) {
        const database = await openDatabase({ dataDir: 'memory://' });
        try {
          const { rows } = (await database.db.execute(sql`select ${n}::int + 1 as n`)) as unknown as { rows: { n: number }[] };
          expect(Number(rows[0]!.n)).toBe(n + 1);
        } finally {
          await database.close();
        }
      }
      // initdb.wasm (a new database's first start) PGlite loads itself; pglite.wasm is the shared module each time
      // (PGlite starts it more than once for a new database) and never its bytes compiled again.
      expect(instantiate.mock.calls.filter(([source]) => source === compiled).length).toBeGreaterThanOrEqual(2);
      expect(instantiate.mock.calls.filter(([source]) => !(source instanceof WebAssembly.Module) && isPostgres(source))).toHaveLength(0);
    } finally {
      instantiate.mockRestore();
    }
  });
});

/** Raw bytes as big as pglite.wasm (9 MB; initdb.wasm is 0.3 MB): PostgreSQL compiled again. */
const isPostgres = (source: unknown) =>
  ArrayBuffer.isView(source) || source instanceof ArrayBuffer ? (source as ArrayBuffer).byteLength > 4_000_000 : false;
