import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';

const run = promisify(execFile);

/**
 * The URL without its password, and the password for PGPASSWORD: a password on the command line
 * would be visible to every user of the machine in `ps`.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env } = connection(url);
  try {
    await run(name, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error(
        `${name} was not found. Install PostgreSQL's client tools, the same major version as the server or newer (Debian/Ubuntu: apt install postgresql-client).`,
      );
    throw new Error(`${name} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** `pg_dump --format=custom` of the whole database into `file`. */
export function pgDump(url: string, file: string): Promise<void> {
  return tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
}

/** `pg_restore` of a custom-format dump into an empty database, in one transaction, stopping at the first error. */
export function pgRestore(url: string, file: string): Promise<void> {
  return tool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file], url);
}

/** Empties a PostgreSQL database of the shop: its tables (schema public, with pg_trgm in it) and drizzle's migration journal. */
export async function dropShopSchemas(db: Tx): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
}
