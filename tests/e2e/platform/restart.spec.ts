import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { test, expect } from '../fixtures';
import { startServer, stop } from './server-process';

/**
 * The built server on a fresh database of each kind: it migrates, seeds and serves; what it stored
 * survives a restart; a second process on the same embedded database stops with a clear message.
 */
// Ports beside E2E_PORT (E2E_PORT+1/+2 belong to test-routes.spec.ts), so parallel runs on other E2E_PORTs never collide.
const BASE_PORT = Number(process.env.E2E_PORT ?? 4399);
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function subscribe(origin: string, email: string) {
  const res = await fetch(`${origin}/api/v1/email-subscription`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.created as boolean;
}

async function expectShopServes(origin: string) {
  const home = await fetch(`${origin}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toMatch(/\/product\//);
  const common = await (await fetch(`${origin}/api/v1/common`)).json();
  expect(common.data.site_setting.site_name).toBe('Voltmart');
}

// Each test starts servers that migrate and load the demo shop: minutes on a busy machine (a passing one never waits).
test.describe.configure({ mode: 'serial', timeout: 600_000 });

test('embedded database: seeds, survives a restart, refuses a second process', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-restart-'));
  try {
    const first = await startServer({ DATA_DIR: dataDir }, BASE_PORT + 3);
    expect(first.output(), first.output()).toContain('is ready at');
    await expectShopServes(first.origin);
    expect(await subscribe(first.origin, 'keep@example.com')).toBe(true);

    const second = await startServer({ DATA_DIR: dataDir }, BASE_PORT + 4);
    expect(second.child.exitCode, 'a second process on the same DATA_DIR must stop').not.toBeNull();
    expect(second.output()).toContain('Only one process may use an embedded database');

    await stop(first);
    const again = await startServer({ DATA_DIR: dataDir }, BASE_PORT + 3);
    expect(await subscribe(again.origin, 'keep@example.com')).toBe(false);
    await stop(again);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('PostgreSQL: an empty database is migrated, seeded and served; data survives a restart', async () => {
  const name = `voltmart_restart_${process.pid}`;
  const admin = postgres(PG_ADMIN, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = PG_ADMIN.replace(/\/[^/]*$/, `/${name}`);
  try {
    const first = await startServer({ DATABASE_URL: url, DATA_DIR: os.tmpdir() }, BASE_PORT + 5);
    expect(first.output(), first.output()).toContain('is ready at');
    await expectShopServes(first.origin);
    expect(await subscribe(first.origin, 'pg-keep@example.com')).toBe(true);
    await stop(first);
    const again = await startServer({ DATABASE_URL: url, DATA_DIR: os.tmpdir() }, BASE_PORT + 5);
    expect(await subscribe(again.origin, 'pg-keep@example.com')).toBe(false);
    await stop(again);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
