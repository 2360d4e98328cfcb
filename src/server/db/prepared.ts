import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { getDatabase, getDb, queryRows, type Tx } from '@/server/db/client';

/** The part of a PGlite client used here. */
interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: { rowMode?: 'object' }): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

/** Per PGlite client (tests open several), its prepared statements' names by query text (a promise: two first requests prepare once). */
const preparedBy = new WeakMap<object, Map<string, Promise<string>>>();

/** A parameter written as a literal for EXECUTE (which takes no bound parameters); undefined when it cannot be. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  // standard_conforming_strings is on (the default since PostgreSQL 9.1): only the quote needs doubling.
  if (typeof value === 'string') return value.includes('\0') ? undefined : `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

/**
 * Rows of a query run on every request of a page that cannot be shared (the cart page's one query).
 * On PGlite a statement is planned afresh on every run, and planning a query of many joins costs more
 * than running it (the cart's: ~2.5 ms of ~6), so the embedded database gets it PREPAREd once per
 * client and EXECUTEd after that (parameters as literals: numbers, booleans, strings, null; anything
 * else, or a transaction, takes the ordinary path). PostgreSQL needs nothing: postgres.js prepares
 * its statements already. A plan holds no data — PostgreSQL re-plans it when a table it reads is
 * altered — so there is nothing to empty when a change is announced.
 */
export async function preparedRows<T>(query: SQL): Promise<T[]> {
  const database = getDatabase();
  const db = getDb();
  if (database?.kind !== 'pglite') return queryRows<T>(db, query);
  const client = (db as unknown as { $client: PgliteClient }).$client;
  const { sql: text, params } = (
    db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(query);
  const args = params.map(literal);
  if (args.some((a) => a === undefined)) return queryRows<T>(db, query);
  let prepared = preparedBy.get(client);
  if (!prepared) preparedBy.set(client, (prepared = new Map()));
  let preparing = prepared.get(text);
  if (!preparing) {
    const name = `vm_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    preparing = client.exec(`prepare ${name} as ${text}`).then(() => name);
    prepared.set(text, preparing);
    // A statement that cannot be prepared is forgotten (the next call tries again) and this one fails as it would unprepared.
    preparing.catch(() => prepared.delete(text));
  }
  const name = await preparing;
  const run = args.length ? `execute ${name}(${args.join(', ')})` : `execute ${name}`;
  // Dates and times come back as text, as drizzle reads them: the client was created so (db/pglite-parsers.ts).
  return (await client.query<T>(run, [], { rowMode: 'object' })).rows;
}

/**
 * Rows of `query` read through `db`: planned once (preparedRows) when `db` is the shop's database itself,
 * the ordinary path inside a transaction (an order being placed reads in its own). For the services that
 * take either (the checkout quote: a page's preview, or the order's transaction).
 */
export function rowsOn<T>(db: Tx, query: SQL): Promise<T[]> {
  return db === getDb() ? preparedRows<T>(query) : queryRows<T>(db, query);
}
