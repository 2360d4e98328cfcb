// `npm run bench`: throughput and latency of the main pages beside a static file served by the same
// server, then the compressed bytes each page makes a browser download. Prints figures; never fails.
//   BENCH_SECONDS (default 5) per URL, BENCH_CONNECTIONS (default 10), DATABASE_URL to bench on PostgreSQL,
//   BENCH_DATA_DIR to reuse a filled database (e.g. after `npm run seed -- --products 100000`),
//   BENCH_ONLY=checkout for the checkout figures alone (scripts/bench-checkout.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { buildIfStale, root } from './build-if-stale.mjs';
import { benchCheckout } from './bench-checkout.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Search timings inside a process (scripts/bench-search.ts), on the database the server will use; before it starts (PGlite has one owner). */
function searchInProcess(dataDir) {
  spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/bench-search.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, SEED: 'demo' },
    stdio: 'inherit',
  });
}

async function startServer(dataDir, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) return { child, origin, dataDir };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer within 2 minutes');
}

/** The pages to measure, found from the running shop rather than typed in. */
async function pickTargets(origin) {
  const home = await (await fetch(`${origin}/`)).text();
  const product = home.match(/href="(\/[^"/]+\/product\/[^"]+)"/)?.[1];
  const categories = await (await fetch(`${origin}/api/v1/categories`)).json();
  const category = categories?.data?.data?.[0]?.slug;
  return [
    ['static file (baseline)', '/brand/logo.svg'],
    ['home', '/'],
    ['category listing', category ? `/all/${category}` : null],
    ['product page', product ?? null],
    ['api/v1/common', '/api/v1/common'],
    ['search results page', '/search?q=usb%20c'],
    ['api/v1/search', '/api/v1/search?q=power%20bank'],
    ['api/v1/suggestions', '/api/v1/suggestions?q=char'],
    ...(await cartTargets(origin, home)),
  ].filter(([, p]) => p);
}

const guestToken = () => `bench_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/**
 * The cart: `cart/action` adds one unit for a new guest on every request (new cart, stock check, upsert);
 * `/cart` renders a guest's cart of three lines (its HttpOnly guest cookie), never cached.
 */
async function cartTargets(origin, home) {
  const slugs = [...new Set([...home.matchAll(/href="\/[^"/]+\/product\/([^"]+)"/g)].map((m) => m[1]))];
  const ids = [];
  for (const slug of slugs) {
    const p = (await (await fetch(`${origin}/api/v1/product/${slug}`)).json())?.data;
    if (p && p.in_stock && !p.variant_prices?.length) ids.push(p.id);
    if (ids.length === 3) break;
  }
  if (!ids.length) return [];
  const token = guestToken();
  for (const id of ids) {
    await fetch(`${origin}/api/v1/cart/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ product_id: id, quantity: 1 }),
    });
  }
  const add = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: ids[0], quantity: 1 }),
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${guestToken()}` } }),
  };
  return [
    ['cart/action POST, new guest', '/api/v1/cart/action', add],
    ['cart page, 3 lines', '/cart', { headers: { cookie: `frontend_guest=${token}` } }],
  ];
}

function load(url, opts = {}) {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': 'br, gzip', ...opts.headers };
    autocannon({ url, connections, duration: seconds, ...opts, headers }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function throughput(origin, targets) {
  console.log(`\nThroughput: ${connections} connections, ${seconds} s per URL, compressed responses`);
  console.log('url'.padEnd(48) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + '  non-2xx');
  for (const [label, p, opts] of targets) {
    const res = await load(origin + p, opts);
    const name = `${label} ${p}`.slice(0, 47).padEnd(48);
    console.log(
      name +
        res.requests.average.toFixed(0).padStart(9) +
        String(res.latency.p50).padStart(9) +
        String(res.latency.p99).padStart(9) +
        `  ${res.non2xx}`,
    );
  }
}

async function pageWeight(origin, targets) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    console.log(`\nPage weight: skipped, no Chromium at ${executablePath} (apt-get install -y chromium)`);
    return;
  }
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  console.log('\nBytes a browser downloads (compressed bodies), 1280 px, before any interaction');
  console.log('page'.padEnd(48) + 'HTML'.padStart(9) + 'CSS'.padStart(9) + 'JS'.padStart(9) + 'images'.padStart(9) + 'total'.padStart(9));
  for (const [label, p] of targets.filter(([l, , opts]) => !opts && !l.startsWith('static') && !l.startsWith('api'))) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const sizes = { document: 0, stylesheet: 0, script: 0, image: 0, other: 0 };
    const pending = [];
    page.on('requestfinished', (request) => {
      pending.push(
        request
          .sizes()
          .then((s) => {
            const type = request.resourceType();
            sizes[type in sizes ? type : 'other'] += s.responseBodySize;
          })
          .catch(() => {}),
      );
    });
    await page.goto(origin + p, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    await page.close();
    const kb = (n) => (n / 1024).toFixed(1).padStart(9);
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    console.log(
      `${label} ${p}`.slice(0, 47).padEnd(48) + kb(sizes.document) + kb(sizes.stylesheet) + kb(sizes.script) + kb(sizes.image) + kb(total),
    );
  }
  console.log('(KB; JS before interaction is the figure the budgets speak of: catalog ≤ 30 KB, static pages ≤ 10 KB)');
  await browser.close();
}

let server;
try {
  buildIfStale();
  // BENCH_ONLY=checkout runs only the checkout figures (scripts/bench-checkout.mjs).
  if (process.env.BENCH_ONLY !== 'checkout') {
    const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-bench-'));
    searchInProcess(dataDir);
    server = await startServer(dataDir);
    console.log(
      `Bench server at ${server.origin} on ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${server.dataDir})`}; ${os.cpus().length} CPUs`,
    );
    const targets = await pickTargets(server.origin);
    await throughput(server.origin, targets);
    await pageWeight(server.origin, targets);
    await stopServer(server);
  }
  await benchCheckout(startServer);
} catch (err) {
  console.log(`\nbench stopped early: ${err.message}`);
} finally {
  await stopServer(server);
}

/** Stops a bench server (once) and removes its scratch data. */
async function stopServer(s) {
  if (!s || s.child.exitCode !== null || s.child.signalCode) return;
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
  if (!process.env.BENCH_DATA_DIR) fs.rmSync(s.dataDir, { recursive: true, force: true });
}
