// The checkout part of `npm run bench`: orders per second and latency of `order/action` with 20
// concurrent buyers (each places one cash-on-delivery order of one unit: re-pricing, the conditional
// stock update, one order, its line, history and payment row, the mail file), on the embedded database
// and, when one answers, on PostgreSQL (DATABASE_URL, else a scratch database on 127.0.0.1:5432).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { root } from './build-if-stale.mjs';

const BUYERS = Number(process.env.BENCH_CHECKOUT_BUYERS ?? 1500);
const CONCURRENCY = 20;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
/** BENCH_CHECKOUT_PROFILE=DIR: each server runs under --cpu-prof and keeps its profile in DIR (`bench.mjs --top FILE`). */
const profileDir = process.env.BENCH_CHECKOUT_PROFILE;

function prepare(env, file) {
  const res = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'scripts/bench-checkout-setup.ts'), String(BUYERS), file],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) throw new Error('preparing the buyers failed');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The database the running server uses, as it says itself (`api/v1/health`): each row shows it beside its label. */
async function databaseOf(origin) {
  try {
    const body = await (await fetch(`${origin}/api/v1/health`)).json();
    return body?.data?.database ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** CPU seconds the process has used so far, all its threads (Linux /proc; null elsewhere), as bench.mjs reads it. */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** 20 buyers at a time for `seconds` (or until every prepared buyer has ordered). */
async function drive(origin, queue, forSeconds = seconds) {
  const latencies = [];
  let failed = 0;
  const end = Date.now() + forSeconds * 1000;
  const started = Date.now();
  const worker = async () => {
    for (let b = queue.shift(); b && Date.now() < end; b = queue.shift()) {
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/v1/order/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}`, 'idempotency-key': `bench-${b.token}`, origin },
        body: JSON.stringify({ address_id: b.address_id, shipping_type: 2, payment_method: 2 }),
      });
      await res.arrayBuffer();
      if (res.status === 200) latencies.push(performance.now() - t0);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    orders: latencies.length,
    failed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * A scratch PostgreSQL database named after `tag` (DATABASE_URL when set, else one on TEST_DATABASE_URL's
 * server), or null when no server answers. The page bench (bench.mjs) uses it too.
 */
export async function pgScratch(tag = 'checkout') {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => {} };
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const sqlc = postgres(admin, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  const name = `voltmart_bench_${tag}_${process.pid}`;
  try {
    await sqlc.unsafe(`create database ${name}`);
  } catch {
    await sqlc.end();
    return null;
  }
  return {
    url: admin.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      await sqlc.unsafe(`drop database if exists ${name} with (force)`);
      await sqlc.end();
    },
  };
}

/** Runs the checkout bench on each database; `startServer(dataDir, env)` starts the built shop. */
export async function benchCheckout(startServer) {
  console.log(`\nCheckout: order/action with ${CONCURRENCY} concurrent buyers, ${seconds} s, cash on delivery, one unit each`);
  console.log(
    'database'.padEnd(32) +
      'orders/s'.padStart(10) +
      'p50 ms'.padStart(9) +
      'p99 ms'.padStart(9) +
      'cpu µs/order'.padStart(14) +
      '  orders  refused',
  );
  const pg = process.env.BENCH_DB === 'pglite' ? null : await pgScratch();
  // Each row runs on the database it names: the embedded row must not inherit DATABASE_URL (a variable set
  // to undefined is left out of a child's environment).
  const kinds = [['embedded (PGlite)', { DATABASE_URL: undefined }], ...(pg ? [['PostgreSQL', { DATABASE_URL: pg.url }]] : [])].filter(
    ([label]) => !process.env.BENCH_DB || label.toLowerCase().includes(process.env.BENCH_DB === 'postgres' ? 'postgresql' : 'pglite'),
  );
  for (const [label, env] of kinds) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-bench-checkout-'));
    let server;
    try {
      const buyers = prepare({ ...env, DATA_DIR: dataDir }, path.join(dataDir, 'buyers.json'));
      server = await startServer(dataDir, env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
      // Some buyers order first, not counted (the first orders load modules and warm the JIT, as pages are warmed).
      const queue = [...buyers];
      await drive(server.origin, queue, warmUpSeconds);
      const cpuBefore = cpuSecondsOf(server.child.pid);
      const r = await drive(server.origin, queue);
      const cpuAfter = cpuSecondsOf(server.child.pid);
      // The server's CPU per order placed (PostgreSQL's own processes not counted), as the page rows show it.
      const cpu = cpuBefore !== null && cpuAfter !== null && r.orders ? ((cpuAfter - cpuBefore) * 1e6) / (r.orders + r.failed) : null;
      console.log(
        `${label} [${await databaseOf(server.origin)}]`.padEnd(32) +
          r.perSecond.toFixed(1).padStart(10) +
          r.p50.toFixed(0).padStart(9) +
          r.p99.toFixed(0).padStart(9) +
          (cpu === null ? '?' : cpu.toFixed(0)).padStart(14) +
          `  ${r.orders}  ${r.failed}`,
      );
    } catch (err) {
      console.log(`${label.padEnd(32)} stopped early: ${err.message}`);
    } finally {
      if (server) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!pg) console.log('PostgreSQL: skipped (set DATABASE_URL or run a server on 127.0.0.1:5432)');
  await pg?.drop();
}
