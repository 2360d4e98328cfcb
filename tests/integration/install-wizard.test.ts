import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL, TEST_DB } from '../setup/db';
import { listApiRoutes, request } from './http';
import { getEnv, resetEnv } from '@/server/core/env';
import { installConfigPath, readInstallConfig } from '@/server/core/install-config';
import { getDatabase, queryRows, setDatabase } from '@/server/db/client';
import { beginSetup, inTurn, installedInDatabase, installing, resetWizard, setupWanted } from '@/server/install/wizard';
import { requireSetupToken, resetSetupTokenCounters, SETUP_TOKEN_MISSING, SETUP_TOKEN_WRONG } from '@/server/install/token-guard';
import { clearMemos } from '@/server/core/memo';
import { SESSION_COOKIE } from '@/server/auth/sessions';
import { startOldPostgres } from '../fakes/old-postgres';

/**
 * The install wizard (issue 18) through its API, as a browser without JavaScript or a script would
 * drive it: the setup token, each step in order, every failure's message word for word, the embedded
 * database in an empty directory and (on the PostgreSQL run) an empty PostgreSQL database, and every
 * install endpoint answering 404 afterwards, also after a restart.
 */
const routes = listApiRoutes();
const dirs: string[] = [];
const databases: string[] = [];
let token = '';

function freshDataDir(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-wizard-')), 'data');
  dirs.push(path.dirname(dir));
  process.env.DATA_DIR = dir;
  delete process.env.DATABASE_URL;
  resetEnv();
  return dir;
}

const json = (body: unknown, withToken = true): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json', ...(withToken ? { 'x-setup-token': token } : {}) },
  body: JSON.stringify(body),
});
const call = async (p: string, init?: RequestInit) => {
  const res = await request(routes, p, init);
  return { res, body: (await res.json()) as { status: number; message: string; data: Record<string, unknown> } };
};

async function logoPng(): Promise<Blob> {
  const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

async function accountForm(over: Record<string, string> = {}, logo?: Blob): Promise<RequestInit> {
  const form = new FormData();
  const fields = {
    name: 'Ada Operator',
    email: 'Ada@Example.com',
    password: 'secret-123',
    password_confirmation: 'secret-123',
    site_name: 'Ada Electronics',
    primary_color: '#AA3300',
    primary_hover_color: '#882200',
    currency: 'eur',
    currency_icon: '€',
    currency_position: '2',
    default_language: 'fr',
    ...over,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (logo) form.set('logo', logo, 'logo.png');
  return { method: 'POST', headers: { accept: 'application/json', 'x-setup-token': token }, body: form };
}

const settingOf = async (key: string) =>
  (await queryRows<{ value: Record<string, unknown> }>(getDatabase()!.db, sql`select value from settings where key = ${key}`))[0]?.value;

beforeEach(() => {
  resetSetupTokenCounters();
});

afterEach(async () => {
  // A step still running (a test that failed or timed out while it ran) ends before the next test starts.
  await inTurn(async () => {});
  resetWizard();
  await getDatabase()
    ?.close()
    .catch(() => {});
  setDatabase(undefined);
  clearMemos();
});

afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  if (!databases.length) return;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** The steps after the database: permissions, the operator and the shop, demo data or not. */
async function finishSteps(dataDir: string, demo: boolean) {
  // The order is kept: no account before the folders were checked.
  const early = await call('/api/v1/install/set-account', await accountForm());
  expect(early.res.status).toBe(409);
  expect(early.body.message).toBe('Complete the earlier steps of the install first.');

  const perms = await call('/api/v1/install/set-permission', json({}));
  expect(perms.res.status, JSON.stringify(perms.body)).toBe(200);
  expect((perms.body.data.checks as { ok: boolean }[]).every((c) => c.ok)).toBe(true);

  const bad = await call(
    '/api/v1/install/set-account',
    await accountForm({ password_confirmation: 'other', currency: 'euro', primary_color: 'red' }),
  );
  expect(bad.res.status).toBe(422);
  expect(bad.body.data.form).toEqual(
    expect.arrayContaining([
      "Password didn't match",
      'Currency must be a three-letter code such as USD',
      'Primary colour must be a colour such as #0b7a5c',
    ]),
  );

  const made = await call('/api/v1/install/set-account', await accountForm({}, await logoPng()));
  expect(made.res.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.message).toBe("Your account is created and the shop's settings are saved.");
  expect(made.res.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
  const [user] = await queryRows<{ email: string; verified: boolean }>(
    getDatabase()!.db,
    sql`select email, email_verified_at is not null as verified from users`,
  );
  expect(user).toEqual({ email: 'ada@example.com', verified: true });
  const again = await call('/api/v1/install/set-account', await accountForm({ email: 'other@example.com' }));
  expect(again.res.status).toBe(409);
  expect(again.body.message).toBe('The operator account exists already.');

  const done = await call('/api/v1/install/finish', json({ demo }));
  expect(done.res.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body.message).toBe('The install is complete. Welcome to your shop!');
  expect(installing()).toBe(false);

  const site = (await settingOf('site_setting'))!;
  expect(site).toMatchObject({ site_name: 'Ada Electronics', primary_color: '#aa3300', primary_hover_color: '#882200' });
  expect(String(site.header_logo)).toMatch(/^\/uploads\/brand\/logo-[0-9a-f]+\.png$/);
  expect(fs.existsSync(path.join(dataDir, 'uploads', String(site.header_logo).replace('/uploads/', '')))).toBe(true);
  expect(await settingOf('setting')).toMatchObject({ currency: 'EUR', currency_icon: '€', currency_position: 2 });
  expect(await settingOf('default_language')).toBe('fr');
  expect(await settingOf('installed')).toMatchObject({ at: expect.any(String) });
  const config = readInstallConfig(dataDir);
  expect(config.installed_at).toEqual(expect.any(String));
  expect(fs.statSync(installConfigPath(dataDir)).mode & 0o777).toBe(0o600);
}

/** Once installed: every install endpoint is 404, and after a restart the wizard does not come back. */
async function expectGone() {
  for (const [p, init] of [
    ['/api/v1/install/configured', undefined],
    ['/api/v1/install/token', json({ setup_token: token }, false)],
    ['/api/v1/install/set-database', json({ kind: 'embedded' })],
    ['/api/v1/install/set-permission', json({})],
    ['/api/v1/install/set-account', await accountForm()],
    ['/api/v1/install/finish', json({ demo: false })],
  ] as const) {
    const res = await request(routes, p, init);
    expect(res.status, p).toBe(404);
    // Any method: nothing tells that the endpoint exists.
    expect((await request(routes, p, { method: init ? 'GET' : 'DELETE' })).status, p).toBe(404);
  }
  // A restart with --setup: the data directory says the shop is installed.
  resetWizard();
  process.env.SETUP = '1';
  resetEnv();
  expect(getEnv().SETUP).toBe(true);
  expect(setupWanted()).toBe(false);
  delete process.env.SETUP;
  resetEnv();
  expect((await request(routes, '/api/v1/install/configured')).status).toBe(404);
}

/**
 * Opening and migrating a fresh database, and the demo shop, take seconds on a quiet machine and far more
 * on a loaded CI machine (2 cores at load 20): the vitest default of 30 s timed out there, and the timed-out
 * test, still running, then broke the ones after it. Each test here waits for its own steps' answers.
 */
const SLOW = { timeout: 240_000 };

describe('the setup token', SLOW, () => {
  beforeEach(() => {
    freshDataDir();
    token = beginSetup(getEnv().DATA_DIR);
  });

  it('the configured check answers without it; every step refuses a missing or wrong token', async () => {
    const configured = await call('/api/v1/install/configured');
    expect(configured.res.status).toBe(200);
    expect(configured.body.data).toMatchObject({ configured: false, step: 'database', database: null });

    const missing = await call('/api/v1/install/set-database', json({ kind: 'embedded' }, false));
    expect(missing.res.status).toBe(401);
    expect(missing.body.message).toBe(SETUP_TOKEN_MISSING);
    expect(SETUP_TOKEN_MISSING).toBe("Paste the setup token printed on the server's console when it started.");

    const wrong = await call('/api/v1/install/set-permission', {
      ...json({}, false),
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-setup-token': `${token}x` },
    });
    expect(wrong.res.status).toBe(403);
    expect(wrong.body.message).toBe(
      "This is not the setup token printed on the server's console. Copy it again: a new one is printed each time the server starts.",
    );
    expect(wrong.body.message).toBe(SETUP_TOKEN_WRONG);
    expect(getDatabase()).toBeUndefined();
  });

  it('a plain form with the right token keeps it in an HttpOnly cookie; a wrong one goes back with the message', async () => {
    const form = (value: string) =>
      request(routes, '/api/v1/install/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({ setup_token: value, _from: '/install' }),
      });
    const wrong = await form('not-it');
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/install');
    expect(decodeURIComponent(wrong.headers.get('set-cookie') ?? '')).toContain(SETUP_TOKEN_WRONG);
    expect(wrong.headers.get('set-cookie')).not.toContain('frontend_setup=');

    const right = await form(token);
    expect(right.status).toBe(303);
    const cookie = right.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`frontend_setup=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);

    // The cookie alone opens the next step.
    const next = await request(routes, '/api/v1/install/set-permission', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', cookie: `frontend_setup=${token}` },
      body: '{}',
    });
    expect(next.status).toBe(409); // the database comes first
  });

  it('is throttled: after 10 wrong tokens from one address even the right one waits', () => {
    for (let i = 0; i < 10; i++) expect(() => requireSetupToken(`wrong-${i}`, '203.0.113.9')).toThrow(SETUP_TOKEN_WRONG);
    expect(() => requireSetupToken(token, '203.0.113.9')).toThrow('Too many wrong setup tokens. Please try again in 15 minutes.');
    expect(() => requireSetupToken(token, '203.0.113.10')).not.toThrow();
  });

  it('while installing, the shop itself waits: other API calls get 503', async () => {
    const res = await call('/api/v1/home');
    expect(res.res.status).toBe(503);
    expect(res.body.message).toBe('This shop is being installed: finish the install wizard at /install first.');
  });
});

describe('the wizard on an empty embedded directory', SLOW, () => {
  it('walks the five steps, starts empty, and is gone afterwards', async () => {
    const dataDir = freshDataDir();
    token = beginSetup(dataDir);
    const chosen = await call('/api/v1/install/set-database', json({ kind: 'embedded' }));
    expect(chosen.res.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.data).toMatchObject({ kind: 'embedded' });
    expect(chosen.body.message).toBe('The database is ready.');
    expect(getDatabase()?.kind).toBe('pglite');
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(true);

    await finishSteps(dataDir, false);
    expect(readInstallConfig(dataDir).database_url).toBeUndefined();
    const [products] = await queryRows<{ n: number }>(getDatabase()!.db, sql`select count(*)::int as n from products`);
    expect(products!.n).toBe(0);
    await expectGone();
  });

  it('steps run one after another, also after a failed one (inTurn)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = inTurn(async () => {
      order.push('first starts');
      await gate;
      order.push('first ends');
      throw new Error('first failed');
    });
    const second = inTurn(async () => {
      order.push('second runs');
      return 2;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['first starts']);
    release();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
  });

  it('the database step submitted twice at once: both answer, one embedded database stays open', async () => {
    const dataDir = freshDataDir();
    token = beginSetup(dataDir);
    const [a, b] = await Promise.all([
      call('/api/v1/install/set-database', json({ kind: 'embedded' })),
      call('/api/v1/install/set-database', json({ kind: 'embedded' })),
    ]);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    const [row] = await queryRows<{ n: number }>(getDatabase()!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(row!.n).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(dataDir, 'voltmart.lock'), 'utf8')).toBe(String(process.pid));
  });

  it('refuses a PostgreSQL URL that is not one, and one where nothing answers, with their messages', async () => {
    freshDataDir();
    token = beginSetup();
    const notUrl = await call('/api/v1/install/set-database', json({ kind: 'postgres', database_url: 'mysql://root@localhost/shop' }));
    expect(notUrl.res.status).toBe(422);
    expect(notUrl.body.message).toBe('This is not a PostgreSQL URL: write it as postgres://user:password@host:5432/database.');
    const none = await call(
      '/api/v1/install/set-database',
      json({ kind: 'postgres', database_url: 'postgres://shop:pw@127.0.0.1:1/voltmart' }),
    );
    expect(none.res.status).toBe(422);
    expect(none.body.message).toBe(
      'Could not reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED). Is it running, listening on that address (listen_addresses) and not blocked by a firewall?',
    );
    const empty = await call('/api/v1/install/set-database', json({ kind: 'postgres' }));
    expect(empty.body.message).toBe('PostgreSQL URL is required');
    expect(getDatabase()).toBeUndefined();
  });

  it('tells a wrong password (a server that refuses it, as PostgreSQL does with SQLSTATE 28P01)', async () => {
    freshDataDir();
    token = beginSetup();
    // This machine's PostgreSQL trusts local connections, so a wrong password is played by a tiny server
    // that answers the start-up message with PostgreSQL's ErrorResponse for a failed password.
    const field = (tag: string, text: string) => Buffer.concat([Buffer.from(tag), Buffer.from(`${text}\0`)]);
    const fields = Buffer.concat([
      field('S', 'FATAL'),
      field('V', 'FATAL'),
      field('C', '28P01'),
      field('M', 'password authentication failed for user "shop"'),
      Buffer.from([0]),
    ]);
    const length = Buffer.alloc(4);
    length.writeInt32BE(fields.length + 4);
    const refusal = Buffer.concat([Buffer.from('E'), length, fields]);
    const server = net.createServer((socket) => socket.once('data', () => socket.end(refusal)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const res = await call(
        '/api/v1/install/set-database',
        json({ kind: 'postgres', database_url: `postgres://shop:wrong@127.0.0.1:${port}/voltmart` }),
      );
      expect(res.res.status).toBe(422);
      expect(res.body.message).toBe(
        `PostgreSQL at 127.0.0.1:${port} refused the password for user "shop". Check the password in the URL (special characters must be percent-encoded).`,
      );
      expect(res.body.message).not.toContain('wrong');
    } finally {
      server.close();
    }
  });

  it('refuses a PostgreSQL older than 15 (a stand-in server that says it is 14.11)', async () => {
    freshDataDir();
    token = beginSetup();
    const old = await startOldPostgres('14.11');
    try {
      const res = await call(
        '/api/v1/install/set-database',
        json({ kind: 'postgres', database_url: `postgres://shop:pw@127.0.0.1:${old.port}/voltmart` }),
      );
      expect(res.res.status).toBe(422);
      expect(res.body.message).toBe(
        'PostgreSQL 14.11 is too old: Voltmart needs PostgreSQL 15 or newer. Upgrade the server or use the embedded database.',
      );
      expect(getDatabase()).toBeUndefined();
    } finally {
      old.close();
    }
  });

  it('says the messages in the visitor\u2019s language', async () => {
    freshDataDir();
    token = beginSetup();
    const res = await call('/api/v1/install/set-database', {
      ...json({ kind: 'postgres', database_url: 'postgres://shop:pw@127.0.0.1:1/voltmart' }),
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-setup-token': token, language: 'fr' },
    });
    expect(res.body.message).toBe(
      "Impossible de joindre PostgreSQL à 127.0.0.1:1 (ECONNREFUSED). Est-il démarré, à l'écoute de cette adresse (listen_addresses) et non bloqué par un pare-feu ?",
    );
  });
});

// Part of the suite's PostgreSQL run (TEST_DB=postgres), which has a server to talk to.
if (TEST_DB === 'postgres')
  describe('the wizard on an empty PostgreSQL database', SLOW, () => {
    const admin = () => postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
    async function createDatabase(): Promise<string> {
      const name = `voltmart_wizard_${process.pid}_${databases.length}`;
      const sqlAdmin = admin();
      await sqlAdmin.unsafe(`drop database if exists ${name} with (force)`);
      await sqlAdmin.unsafe(`create database ${name}`);
      await sqlAdmin.end();
      databases.push(name);
      return name;
    }
    const urlFor = (database: string, change: (u: URL) => void = () => {}) => {
      const u = new URL(PG_ADMIN_URL);
      u.pathname = `/${database}`;
      change(u);
      return u.toString();
    };

    it('refuses a missing database, an unknown user and a database holding other tables, each with its message', async () => {
      freshDataDir();
      token = beginSetup();
      const missing = await call('/api/v1/install/set-database', json({ kind: 'postgres', database_url: urlFor('voltmart_no_such_db') }));
      const where = `${new URL(PG_ADMIN_URL).hostname}:${new URL(PG_ADMIN_URL).port || '5432'}`;
      expect(missing.body.message).toBe(
        `There is no database "voltmart_no_such_db" on PostgreSQL at ${where}. Create an empty one first: createdb voltmart_no_such_db.`,
      );
      const stranger = await call(
        '/api/v1/install/set-database',
        json({ kind: 'postgres', database_url: urlFor('postgres', (u) => (u.username = 'no_such_role_voltmart')) }),
      );
      expect(stranger.body.message).toBe(
        `PostgreSQL at ${where} does not let user "no_such_role_voltmart" in (no such user, or pg_hba.conf refuses this machine). Create it: createuser --pwprompt no_such_role_voltmart.`,
      );
      const busy = await createDatabase();
      const other = postgres(urlFor(busy), { max: 1, onnotice: () => {} });
      await other`create table someone_elses (id int)`;
      await other.end();
      const notEmpty = await call('/api/v1/install/set-database', json({ kind: 'postgres', database_url: urlFor(busy) }));
      expect(notEmpty.res.status).toBe(422);
      expect(notEmpty.body.message).toBe(
        `The database "${busy}" is not empty (1 tables that are not Voltmart's). Use an empty database: createdb voltmart.`,
      );
      expect(getDatabase()).toBeUndefined();
      expect(readInstallConfig(getEnv().DATA_DIR).database_url).toBeUndefined();
    });

    it('walks the five steps with the demo shop, keeps the URL for later starts, and is gone afterwards', async () => {
      const dataDir = freshDataDir();
      token = beginSetup(dataDir);
      const url = urlFor(await createDatabase());
      const chosen = await call('/api/v1/install/set-database', json({ kind: 'postgres', database_url: url }));
      expect(chosen.res.status, JSON.stringify(chosen.body)).toBe(200);
      expect(chosen.body.data).toMatchObject({ kind: 'postgres', version: expect.stringMatching(/^\d+/) });
      expect(getDatabase()?.kind).toBe('postgres');
      // Saved for later starts (DATABASE_URL unset): env.ts reads it from DATA_DIR/voltmart.json.
      expect(readInstallConfig(dataDir).database_url).toBe(url);
      resetEnv();
      expect(getEnv().DATABASE_URL).toBe(url);
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);

      expect(await installedInDatabase(url)).toBe(false);
      await finishSteps(dataDir, true);
      // Another process on this PostgreSQL with a data directory of its own is not offered the wizard (boot.ts).
      expect(await installedInDatabase(url)).toBe(true);
      const [products] = await queryRows<{ n: number }>(getDatabase()!.db, sql`select count(*)::int as n from products`);
      expect(products!.n).toBeGreaterThan(200);
      // The demo's contact details came in; the operator's name, colours and currency stayed.
      expect(await settingOf('setting')).toMatchObject({ currency: 'EUR', phone: '+1 512 555 0100' });
      expect(await settingOf('site_setting')).toMatchObject({ site_name: 'Ada Electronics' });
      await expectGone();
    });
  });
