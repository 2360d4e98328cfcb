import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { test, expect } from '../fixtures';
import { startServer, stop, type Server } from '../platform/server-process';
import { openDatabase, type Database } from '@/server/db/client';
import { checkInvariants, prepareBuyers, type Buyer } from './crash-fixtures';

/**
 * The production build placing orders while it is killed with SIGKILL, again and again: after each
 * restart every order is whole or absent (lines, history, one payment row of the orders' sum), each buyer
 * has either an order or the cart line, every acknowledged order is there, and stock + ordered units
 * equal the starting stock. On the embedded database (a PGlite directory) and on PostgreSQL.
 */
const PORT = Number(process.env.E2E_PORT ?? 4411) + 7;
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUYERS = 40;
const STOCK = 25;
const ROUNDS = 3;

test.describe.configure({ mode: 'serial', timeout: 600_000 });

/** Sends every buyer's order at once (8 at a time), kills the server once `killAfter` were acknowledged. */
async function orderUntilKilled(server: Server, buyers: Buyer[], acknowledged: Set<number>, killAfter: number) {
  let seen = 0;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  const queue = [...buyers];
  const worker = async () => {
    for (let b = queue.shift(); b; b = queue.shift()) {
      try {
        const res = await fetch(`${server.origin}/api/v1/order/action`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${b.token}`,
            'idempotency-key': b.key,
            origin: server.origin,
          },
          body: JSON.stringify({ address_id: b.addressId, shipping_type: 2, payment_method: 2 }),
        });
        if (res.status === 200) {
          acknowledged.add(b.userId);
          if (++seen >= killAfter && server.child.exitCode === null) server.child.kill('SIGKILL');
        }
      } catch {
        return; // the server is gone: whatever was not acknowledged may or may not have happened
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await exited;
}

async function crashRounds(env: Record<string, string>, open: () => Promise<Database>, serverHoldsDb: boolean) {
  // First start: migrate and seed, then let go of the database to prepare buyers in it.
  const first = await startServer(env, PORT);
  expect(first.output(), first.output()).toContain('is ready at');
  if (serverHoldsDb) await stop(first);
  let db = await open();
  const { productId, buyers } = await prepareBuyers(db.db, `${Date.now().toString(36)}`, BUYERS, STOCK);
  if (serverHoldsDb) await db.close();
  else await stop(first);

  const acknowledged = new Set<number>();
  for (let round = 0; round < ROUNDS; round++) {
    const server = await startServer(env, PORT);
    expect(server.output(), server.output()).toContain('is ready at');
    await orderUntilKilled(server, buyers, acknowledged, 3 + round * 4);
    expect(server.child.signalCode, server.output()).toBe('SIGKILL');
  }
  // A last start finishes what is left (retries with the same keys replay; placed buyers have no lines left).
  const last = await startServer(env, PORT);
  expect(last.output(), last.output()).toContain('is ready at');
  await orderUntilKilled(last, buyers, acknowledged, Number.MAX_SAFE_INTEGER).catch(() => {});
  if (serverHoldsDb) db = await open();
  const result = await checkInvariants(db.db, productId, STOCK, buyers);
  // Every order the server acknowledged survived the kills.
  const missing = [...acknowledged].filter((id) => !result.usersWithOrders.has(id));
  await db.close();
  expect(missing).toEqual([]);
  expect(result.broken).toEqual([]);
  expect(result.buyersInBothOrNeither).toEqual([]);
  expect(result.sumMatches, JSON.stringify(result)).toBe(true);
  expect(result.orders).toBe(STOCK);
  expect(result.stock).toBe(0);
  expect(acknowledged.size).toBeGreaterThanOrEqual(3);
}

test('embedded database: SIGKILL while placing orders loses or doubles nothing', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-checkout-crash-'));
  try {
    await crashRounds({ DATA_DIR: dataDir }, () => openDatabase({ dataDir }), true);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('PostgreSQL: SIGKILL while placing orders loses or doubles nothing', async () => {
  const name = `voltmart_crash_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(PG_ADMIN, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = PG_ADMIN.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-checkout-crash-pg-'));
  try {
    await crashRounds({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_POOL: '8' }, () => openDatabase({ url, pool: 2 }), false);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
