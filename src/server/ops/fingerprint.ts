import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';

/** Rows per table and one checksum over every row of every table: what a backup and its restore must agree on. */
export interface Fingerprint {
  tables: Record<string, number>;
  checksum: string;
}

/**
 * Counts and hashes every table of the shop (schema `public`, plus drizzle's migration journal). Rows
 * are hashed in their text form, sorted, so two databases with the same data give the same checksum
 * whatever their physical order.
 */
export async function fingerprintDatabase(db: Tx): Promise<Fingerprint> {
  const names = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const tables: Record<string, number> = {};
  const hash = createHash('sha256');
  for (const { schema, name } of names) {
    const table = sql.raw(`"${schema}"."${name}"`);
    const [row] = await queryRows<{ n: number; digest: string | null }>(
      db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as digest from ${table} r`,
    );
    const key = schema === 'public' ? name : `${schema}.${name}`;
    tables[key] = row?.n ?? 0;
    hash.update(`${key}:${row?.n}:${row?.digest}\n`);
  }
  return { tables, checksum: hash.digest('hex') };
}

/** Whether the database holds any table of a shop (an empty database is one a restore or an install may fill). */
export async function hasTables(db: Tx): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`,
  );
  return (row?.n ?? 0) > 0;
}
