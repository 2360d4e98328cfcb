import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL, TEST_DB } from '../setup/db';
import { checkPostgres, classifyConnectionError, versionProblem } from '@/server/install/database-check';
import { checkPermissions } from '@/server/install/permissions';
import { checkSetupToken, issueSetupToken, retireSetupToken } from '@/server/install/setup-token';
import { migrateDatabase, openDatabase } from '@/server/db/client';

/**
 * The install wizard's checks (issue 18; the wizard's pages are not built yet): a PostgreSQL URL is
 * tested for each failure the operator must be told about, the data folders for writability and room,
 * and the one-time setup token.
 */
const base = new URL(PG_ADMIN_URL);
const urlFor = (database: string, change: (u: URL) => void = () => {}) => {
  const u = new URL(base.toString());
  u.pathname = `/${database}`;
  change(u);
  return u.toString();
};
const created: string[] = [];
const admin = () => postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
async function emptyDatabase(): Promise<string> {
  const name = `voltmart_install_${process.pid}_${created.length}`;
  const sql = admin();
  await sql.unsafe(`drop database if exists ${name} with (force)`);
  await sql.unsafe(`create database ${name}`);
  await sql.end();
  created.push(name);
  return name;
}
afterAll(async () => {
  if (!created.length) return;
  const sql = admin();
  for (const name of created) await sql.unsafe(`drop database if exists ${name} with (force)`);
  await sql.end();
});

describe('database step: every failure has its own message', () => {
  it('refuses what is not a PostgreSQL URL', async () => {
    expect(await checkPostgres('mysql://root@localhost/shop')).toMatchObject({
      ok: false,
      problem: 'invalid',
      message: 'This is not a PostgreSQL URL: write it as postgres://user:password@host:5432/database.',
    });
  });

  it('says when nothing answers at the address', async () => {
    const check = await checkPostgres('postgres://postgres:secret@127.0.0.1:1/voltmart');
    expect(check).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(check.message).toContain('Could not reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED). Is it running');
    expect(check.message).not.toContain('secret');
  });

  it('tells a wrong password, an unknown user and a missing database apart', () => {
    const url = new URL('postgres://shop:hunter2@db.example:5433/voltmart');
    expect(classifyConnectionError({ code: '28P01' }, url).message).toBe(
      'PostgreSQL at db.example:5433 refused the password for user "shop". Check the password in the URL (special characters must be percent-encoded).',
    );
    expect(classifyConnectionError({ code: '28000' }, url).problem).toBe('no_user');
    expect(classifyConnectionError({ code: '3D000' }, url).message).toBe(
      'There is no database "voltmart" on PostgreSQL at db.example:5433. Create an empty one first: createdb voltmart.',
    );
  });

  it('refuses a server older than PostgreSQL 15', () => {
    expect(versionProblem(140011, '14.11')).toMatchObject({
      problem: 'too_old',
      message: 'PostgreSQL 14.11 is too old: Voltmart needs PostgreSQL 15 or newer. Upgrade the server or use the embedded database.',
    });
    expect(versionProblem(150004, '15.4')).toBeUndefined();
  });

  // Part of the suite's PostgreSQL run (TEST_DB=postgres), which has a server to talk to.
  if (TEST_DB === 'postgres')
    it('on the real server: a missing database, a database with other tables, an empty one, then a Voltmart one', async () => {
      expect((await checkPostgres(urlFor('voltmart_no_such_database'))).problem).toBe('no_database');
      expect((await checkPostgres(urlFor('postgres', (u) => (u.username = 'no_such_role_voltmart')))).problem).toBe('no_user');

      const busy = await emptyDatabase();
      const sql = postgres(urlFor(busy), { max: 1, onnotice: () => {} });
      await sql`create table someone_elses (id int)`;
      await sql.end();
      expect(await checkPostgres(urlFor(busy))).toMatchObject({
        ok: false,
        problem: 'not_empty',
        message: `The database "${busy}" is not empty (1 tables that are not Voltmart's). Use an empty database: createdb voltmart.`,
      });

      const empty = await emptyDatabase();
      const fresh = await checkPostgres(urlFor(empty));
      expect(fresh).toMatchObject({ ok: true, existingShop: false });
      const database = await openDatabase({ url: urlFor(empty), pool: 2 });
      await migrateDatabase(database);
      await database.close();
      expect(await checkPostgres(urlFor(empty))).toMatchObject({ ok: true, existingShop: true });
    });
});

describe('permissions step', () => {
  it('finds a fresh data directory writable with room to spare', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-install-')), 'data');
    const checks = checkPermissions(dir, 1);
    expect(checks.map((c) => [c.what, c.ok])).toEqual([
      ['data', true],
      ['uploads', true],
      ['mail', true],
      ['disk', true],
    ]);
    expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(true);
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('says what to run when a folder cannot be written or the disk is too full', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-install-'));
    const blocker = path.join(parent, 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    const checks = checkPermissions(path.join(blocker, 'data'), Number.MAX_SAFE_INTEGER);
    const data = checks.find((c) => c.what === 'data')!;
    expect(data.ok).toBe(false);
    expect(data.message).toBe(`The shop cannot write to ${path.join(blocker, 'data')} (ENOTDIR).`);
    expect(data.fix).toContain(`sudo mkdir -p ${path.join(blocker, 'data')}`);
    const disk = checks.find((c) => c.what === 'disk')!;
    expect(disk.ok).toBe(false);
    expect(disk.fix).toContain('df -h');
    fs.rmSync(parent, { recursive: true, force: true });
  });
});

describe('setup token', () => {
  it('only the printed token opens the wizard, and none does once it is retired', () => {
    const token = issueSetupToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(checkSetupToken(token)).toBe(true);
    expect(checkSetupToken(`${token}x`)).toBe(false);
    expect(checkSetupToken('')).toBe(false);
    expect(checkSetupToken(undefined)).toBe(false);
    expect(checkSetupToken(issueSetupToken())).toBe(true);
    expect(checkSetupToken(token)).toBe(false);
    retireSetupToken();
    expect(checkSetupToken(token)).toBe(false);
  });
});
