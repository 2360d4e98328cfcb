import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import S3rver from 's3rver';
import sharp from 'sharp';
import { createTestDatabase, PG_ADMIN_URL, TEST_DB, type TestDatabase } from '../setup/db';
import { s3Store, type UploadStore } from '@/server/uploads/store';
import { MAIN } from '@/lib/urls';

/**
 * Two machines on one PostgreSQL and one bucket (issue 37), end to end: two processes of the built shop
 * (scripts/serve.mjs over `dist/`, what `npm start` serves), each with a DATA_DIR of its own, on one PostgreSQL
 * database and one S3-speaking server (s3rver, started here). A shopper's avatar uploaded through process A is
 * served by process B — the same bytes, cached immutable — and neither keeps it on its disk. A backup made with
 * `npm run shop -- backup` and restored with `npm run shop -- restore` on a fresh data folder and a fresh database,
 * after the bucket was emptied, brings the picture back: a third process on the restored shop serves it.
 *
 * An operator's price change saved through A is on B's product API, search answer and product page on its next
 * request (B kept all three in memory before).
 *
 * The file needs the production build: it builds `dist/` itself when it is missing or older than the sources
 * (`npm test` runs the integration tests before its own builds), so it never skips.
 */
const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

// A PostgreSQL-only file (`*.postgres.test.ts`): vitest.config.ts leaves it out of the embedded database's run.
if (TEST_DB !== 'postgres') throw new Error('uploads-two-processes runs on PostgreSQL only: run it with TEST_DB=postgres');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The newest modification time under `dir` (files only). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** `dist/` as the sources are now: built when missing or older than src/, scripts/ or the config. */
function ensureBuild() {
  const entry = path.join(root, 'dist/server/entry.mjs');
  const sources = Math.max(
    newest(path.join(root, 'src')),
    ...['astro.config.mjs', 'package.json'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  );
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs > sources) return;
  const built = spawnSync(bin('astro'), ['build'], {
    cwd: root,
    encoding: 'utf8',
    // NODE_ENV as `npm run build` has it: vitest's `test` would compile the islands' JSX for React's development
    // runtime, which the served app does not load (the bulk grid's page answered an empty response).
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}\n${built.stderr}`);
}

interface Server {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/** One machine: the built shop in a process of its own, with its own DATA_DIR. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    // LOG_LEVEL: under vitest (VITEST is inherited) the logger is silent, and "is ready at" is what we wait for.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve) => child.stdout!.on('data', () => output.includes('is ready at') && resolve()));
  await Promise.race([ready, exited]);
  if (child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
  return { child, origin: `http://127.0.0.1:${port}`, output: () => output };
}

async function stop(server: Server | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/**
 * `npm run shop -- <args>` (what the operator types) with this environment. Never spawnSync: s3rver answers from
 * this process, whose event loop must keep turning while the command talks to it.
 */
async function shop(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(bin('tsx'), [path.join(root, 'scripts/shop.ts'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run shop -- ${args.join(' ')} failed (${code}):\n${output}`);
  return output;
}

let dir: string;
let s3: S3rver;
let pg: TestDatabase;
let restoredName: string | undefined;
let a: Server | undefined;
let b: Server | undefined;
let c: Server | undefined;
let shared: Record<string, string>;
/** The bucket seen by a client of its own (neither machine). */
let bucket: UploadStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-two-machines-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'shop' }] });
  const { port } = await s3.run();
  // The demo shop on a database of this file's own; the servers only migrate (SEED=none: it is loaded).
  pg = await createTestDatabase({ demo: true });
  await pg.database.close();
  ensureBuild();
  const store = {
    S3_BUCKET: 'shop',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  shared = { DATABASE_URL: pg.url!, DATABASE_POOL: '3', ...store };
  bucket = await s3Store({ ...store, S3_PUBLIC_URL: undefined });
  // Debug logs: B says when it empties its caches on A's change (the price test waits for that, not for time).
  [a, b] = await Promise.all(
    ['a', 'b'].map((name) => startServer({ ...shared, LOG_LEVEL: 'debug', DATA_DIR: path.join(dir, `machine-${name}`) })),
  );
}, 900_000);

afterAll(async () => {
  await Promise.all([a, b, c].map(stop));
  await pg?.drop().catch(() => {});
  if (restoredName) {
    const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${restoredName} with (force)`);
    await admin.end();
  }
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A cookie jar that follows the shopper from one machine to the other (as a load balancer would). */
function shopper() {
  const jar = new Map<string, string>();
  return async (server: Server, pathname: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.origin}${pathname}`, {
      ...init,
      headers: {
        origin: server.origin,
        accept: 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...init.headers,
      },
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (/max-age=0/i.test(line)) jar.delete(pair!.slice(0, at));
      else jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** How many catalogue changes of another process this server has heard (its debug log line, after its caches emptied). */
const heardCatalog = (server: Server) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('emptied on another process') && line.includes('catalog')).length;

describe('two machines on one PostgreSQL and one bucket', () => {
  let avatar: string;
  let served: Buffer;

  it(
    'an avatar uploaded through process A is served by process B: the same bytes, immutable, on neither disk',
    { timeout: 300_000 },
    async () => {
      const call = shopper();
      const email = `two-machines.${process.pid}@example.com`;
      const password = 'a-long-enough-password';
      const signup = await call(a!, '/api/v1/user/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Two Machines', email, password, password_confirmation: password }),
      });
      expect(signup.status, await signup.clone().text()).toBe(200);

      const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('name', 'Two Machines');
      form.set('avatar', new File([new Uint8Array(picture)], 'me.png', { type: 'image/png' }));
      const saved = await call(a!, '/api/v1/user/update-profile', { method: 'POST', body: form });
      expect(saved.status, `${await saved.clone().text()}\n${a!.output()}`).toBe(200);
      avatar = ((await saved.json()) as { data: { avatar: string } }).data.avatar;
      expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{24}\.(png|webp|jpg)$/);

      // B knows the shopper (the session is in PostgreSQL) and names the same file.
      const profile = await call(b!, '/api/v1/user/profile');
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { data: { avatar: string } }).data.avatar).toBe(avatar);

      const fromA = await fetch(`${a!.origin}${avatar}`);
      const fromB = await fetch(`${b!.origin}${avatar}`);
      expect(fromA.status).toBe(200);
      expect(fromB.status, b!.output()).toBe(200);
      expect(fromB.headers.get('cache-control')).toContain('immutable');
      expect(fromB.headers.get('content-type')).toMatch(/^image\//);
      served = await bytesOf(fromB);
      expect(served.length).toBeGreaterThan(0);
      expect(served).toEqual(await bytesOf(fromA));
      // Nothing on either machine's disk: the file is in the bucket only.
      const key = avatar.slice('/uploads/'.length);
      for (const machine of ['a', 'b']) expect(fs.existsSync(path.join(dir, `machine-${machine}`, 'uploads', key))).toBe(false);
      expect(await bucket.get(key)).toEqual(served);
      // A name nobody stored is a 404 on both.
      expect((await fetch(`${b!.origin}/uploads/avatars/000000000000000000000000.png`)).status).toBe(404);
    },
  );

  it(
    "an operator's price change through process A shows at once on process B: product API, search and product page",
    { timeout: 300_000 },
    async () => {
      const call = shopper();
      const email = `two-machines-owner.${process.pid}@example.com`;
      const password = 'a-long-enough-password';
      const signup = await call(a!, '/api/v1/user/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Two Machines Owner', email, password, password_confirmation: password }),
      });
      expect(signup.status, await signup.clone().text()).toBe(200);
      const admin = postgres(pg.url!, { max: 1, onnotice: () => {} });
      try {
        await admin`update users set roles = '{owner}' where email = ${email}`;
      } finally {
        await admin.end();
      }
      // The role was written by hand (nobody announced it): the session's memory on A forgets it within seconds.
      type GridRow = { id: number; title: string; selling: number; offered: number; stock: number; version: number; has_variants: boolean };
      let rows: GridRow[] = [];
      await expect
        .poll(
          async () => {
            const res = await call(a!, '/api/v1/admin/products/grid?per_page=20');
            if (res.status === 200) rows = ((await res.json()) as { data: { items: GridRow[] } }).data.items;
            return res.status;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(200);
      const row = rows.find((r) => !r.has_variants)!;
      expect(row, 'a demo product without variants').toBeTruthy();
      const productPath = `/api/v1/product/${row.id}`;
      const productOn = async (server: Server) =>
        ((await (await fetch(`${server.origin}${productPath}`)).json()) as { data: { slug: string; selling: number; offered: number } })
          .data;
      // B has the product, its search answer and its page in memory before the change.
      const before = await productOn(b!);
      expect(before.selling).toBe(row.selling);
      const words = encodeURIComponent(row.title.split(/\s+/).slice(0, 2).join(' '));
      const searchOn = async (server: Server) =>
        (
          (await (await fetch(`${server.origin}/api/v1/search?q=${words}`)).json()) as {
            data: { result: { data: { id: number; selling: number }[] } };
          }
        ).data.result.data.find((p) => p.id === row.id);
      expect((await searchOn(b!))?.selling).toBe(row.selling);
      const pageOn = async (server: Server) => {
        const res = await fetch(`${server.origin}/${MAIN}/product/${encodeURIComponent(before.slug)}`);
        expect(res.status).toBe(200);
        return res.text();
      };
      expect(await pageOn(b!)).not.toContain('987.65');

      const heardBefore = heardCatalog(b!);
      const price = 98_765;
      const saved = await call(a!, '/api/v1/admin/products/grid', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rows: [{ id: row.id, version: row.version, selling: price, offered: 0, stock: row.stock }] }),
      });
      expect(saved.status, `${await saved.clone().text()}\n${a!.output()}`).toBe(200);
      // B hears the change through PostgreSQL's NOTIFY (its debug log says so, after emptying its caches): its very next
      // answers carry the new price, well inside the few seconds B would otherwise keep them.
      await expect.poll(() => heardCatalog(b!), { timeout: 60_000, interval: 100 }).toBeGreaterThan(heardBefore);
      expect((await productOn(b!)).selling).toBe(price);
      expect((await searchOn(b!))?.selling).toBe(price);
      expect(await pageOn(b!)).toContain('987.65');
    },
  );

  it(
    'a backup restored on a fresh data folder and database, after the bucket was emptied, brings the picture back',
    { timeout: 600_000 },
    async () => {
      const file = path.join(dir, 'shop.tar.gz');
      const machine = { ...shared, DATA_DIR: path.join(dir, 'machine-a') };
      expect(await shop(['backup', file], machine)).toMatch(/and [1-9]\d* uploads to/);

      // The machines are gone and so is the bucket's content.
      await Promise.all([stop(a), stop(b)]);
      for (const { key } of await bucket.list()) await bucket.delete(key);
      expect(await bucket.get(avatar.slice('/uploads/'.length))).toBeNull();

      restoredName = `voltmart_restored_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${restoredName}`);
      await admin.end();
      const fresh = { ...shared, DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${restoredName}`), DATA_DIR: path.join(dir, 'fresh') };
      expect(await shop(['restore', file], fresh)).toMatch(/Restored the backup of .* \([1-9]\d* uploads\)/);

      c = await startServer(fresh);
      const res = await fetch(`${c.origin}${avatar}`);
      expect(res.status, c.output()).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(await bytesOf(res)).toEqual(served);
    },
  );
});
