import { createHash } from 'node:crypto';
import { sql as sqlTag, type SQL } from 'drizzle-orm';
import { getDatabase, getDb, queryRows, type Tx } from '@/server/db/client';

const sqlRaw = (text: string): SQL => sqlTag.raw(text);

/** The part of a PGlite client used here. */
interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: { rowMode?: 'object' }): Promise<{ rows: T[] }>;
  exec<T>(text: string): Promise<{ rows: T[] }[]>;
}

/**
 * What each PGlite client has prepared, kept on the process (globalThis), not in this module: a statement belongs to the
 * client's session, and two copies of this module (the integration tests load the app's routes beside their own
 * imports) would each prepare it again, which PostgreSQL refuses ("prepared statement … already exists").
 */
const registry = ((globalThis as Record<symbol, unknown>)[Symbol.for('voltmart.prepared-statements')] ??= {
  outside: new WeakMap(),
  inTx: new WeakMap(),
}) as {
  /** Per client (tests open several), its prepared statements' names by query text (a promise: two first requests prepare once). */
  outside: WeakMap<object, Map<string, Promise<string>>>;
  /** Statements prepared through a transaction, by query text (their own names: never raced with preparedRows'). */
  inTx: WeakMap<object, Map<string, string>>;
};
const preparedBy = registry.outside;

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
  // One simple-protocol message: `query` would send five (parse, bind, two describes, execute) for a statement that
  // has no parameters left. Dates and times come back as text, as drizzle reads them: the client was created so
  // (db/pglite-parsers.ts), and exec reads its rows with the same parsers.
  return (await client.exec<T>(run))[0]?.rows ?? [];
}

const preparedInTx = registry.inTx;

/**
 * Rows of `query` read through `db`, planned once on the embedded database: preparedRows when `db` is the
 * shop's database itself; inside a transaction (a cart change, an order being placed) PREPAREd and EXECUTEd
 * through that transaction. PGlite runs one transaction at a time and nothing else meanwhile, so a statement
 * is prepared once; a prepared statement outlives the transaction that made it (PREPARE is not undone by a
 * rollback). PostgreSQL, or parameters that cannot be literals: the ordinary path.
 */
export async function rowsOn<T>(db: Tx, query: SQL): Promise<T[]> {
  const main = getDb();
  if (db === main) return preparedRows<T>(query);
  if (getDatabase()?.kind !== 'pglite') return queryRows<T>(db, query);
  const client = (main as unknown as { $client: object }).$client;
  const { sql: text, params } = (
    main as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(query);
  const args = params.map(literal);
  if (args.some((a) => a === undefined)) return queryRows<T>(db, query);
  let names = preparedInTx.get(client);
  if (!names) preparedInTx.set(client, (names = new Map()));
  let name = names.get(text);
  if (!name) {
    const candidate = `vt_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    await db.execute(sqlRaw(`prepare ${candidate} as ${text}`));
    names.set(text, (name = candidate));
  }
  return queryRows<T>(db, sqlRaw(args.length ? `execute ${name}(${args.join(', ')})` : `execute ${name}`));
}
