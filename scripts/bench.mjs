// `npm run bench`: throughput and latency of the main pages beside a static file served by the same
// server — for guests (cached HTML), a signed-in shopper (name, cart of three, two wishlisted products),
// a guest carrying a cart, and the APIs — on the embedded database and on PostgreSQL, each with its ratio
// to the static file of the same run; then the compressed bytes each page makes a browser download, and
// the checkout figures. Prints figures; never fails.
//   BENCH_SECONDS (default 5) per URL, BENCH_CONNECTIONS (default 10), after a warm-up of
//   BENCH_WARMUP_SECONDS (default 1) on every URL;
//   BENCH_DB=pglite|postgres for one database (PostgreSQL: DATABASE_URL, else a scratch database on
//   TEST_DATABASE_URL's server, default 127.0.0.1:5432; skipped when none answers);
//   BENCH_ONLY=user,cart,… for some sections alone: guest user till fresh cart api search write weight start lighthouse checkout backoffice products reports
//   (start: seconds from `npm start` to its first answer on an empty and on an existing data folder, each database,
//   and the demo load apart); every server's memory idle and after the load, and where it is (scripts/memory-probe.mjs).
//   (till: /shipping, /checkout, /user/orders with BENCH_SHOPPER_ORDERS orders (40) and one order page; write: a
//   guest's first add, with no cookie and with a Bearer token); the server's resident memory idle and after the load.
//   (products: the back office's products list, its search and the bulk grid at 100,000 products, BENCH_PRODUCTS)
//   (backoffice: the audit log and the home's counts at 1,000,000 audit entries and orders, BENCH_BO_ROWS)
//   (reports: the 30-day and 365-day reports at 1,000,000 orders on PostgreSQL, BENCH_REPORT_ROWS)
//   (fresh: a product page, a listing, the search page and api/v1/search, a different one on every request, so
//   no cache answers: the figures for a big catalogue, BENCH_DATA_DIR=… after `npm run seed -- --products 100000`)
//   (the static baseline always runs); BENCH_DATA_DIR to reuse a filled PGlite database.
//   `npm run bench -- --profile KEY` (default product-user; keys: home-user, listing-cart, api-product…):
//   loads that page for BENCH_PROFILE_SECONDS (15) under a server started with --cpu-prof, keeps the
//   .cpuprofile (in BENCH_PROFILE_DIR or the temp dir) and prints the top frames by self time, and that
//   time grouped by package; `node scripts/bench.mjs --top FILE.cpuprofile` prints them again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { buildIfStale, root } from './build-if-stale.mjs';
import { benchCheckout, pgScratch } from './bench-checkout.mjs';
import { serverEnv, serverNodeArgs } from './server-process.mjs';
import { demoFingerprint, ensureDemoTemplate } from './demo-template.mjs';
import { lighthousePages } from './bench-lighthouse.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Search timings inside a process (scripts/bench-search.ts), on the database the server will use; before it starts (PGlite has one owner). */
function searchInProcess(dataDir, env = {}) {
  spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/bench-search.ts')], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir, SEED: 'demo' },
    stdio: 'inherit',
  });
}

/**
 * Starts scripts/serve.mjs as `npm start` does (scripts/server-process.mjs: Node's flags, MALLOC_ARENA_MAX), with
 * scripts/memory-probe.mjs loaded: `memoryOf(server)` then says where its memory is.
 */
async function startServer(dataDir, env = {}, nodeArgs = []) {
  const port = await freePort();
  const probeFile = path.join(os.tmpdir(), `voltmart-memory-${process.pid}-${port}.jsonl`);
  fs.rmSync(probeFile, { force: true });
  const child = spawn(
    process.execPath,
    [...serverNodeArgs(), '--import', path.join(root, 'scripts/memory-probe.mjs'), ...nodeArgs, path.join(root, 'scripts/serve.mjs')],
    {
      cwd: root,
      env: serverEnv({
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'demo',
        MEMORY_PROBE_FILE: probeFile,
        ...env,
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  child.once('exit', () => {
    fs.rmSync(probeFile, { force: true });
    fs.rmSync(`${probeFile}.collect`, { force: true });
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) return { child, origin, dataDir, probeFile };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer within 2 minutes');
}

/**
 * The pages to measure, found from the running shop rather than typed in. Each has a short key
 * (`--profile KEY`, BENCH_ONLY sections) and a section: guest (cached HTML), user (signed in),
 * cart (a guest carrying a cart), api, search, write.
 */
async function pickTargets(origin, shopper) {
  const home = await (await fetch(`${origin}/`)).text();
  const product = home.match(/href="(\/[^"/]+\/product\/[^"]+)"/)?.[1];
  const slug = product?.split('/').pop();
  const categories = await (await fetch(`${origin}/api/v1/categories`)).json();
  const category = categories?.data?.data?.[0]?.slug;
  const listing = category ? `/all/${category}` : null;
  const user = shopper ? { headers: { cookie: `frontend_session=${shopper.token}` } } : null;
  const cart = await guestCart(origin, home);
  const guest = cart ? { headers: { cookie: `frontend_guest=${cart.token}` } } : null;
  const pages = [
    ['home', '/'],
    ['listing', listing],
    ['product', product],
    ['cart', '/cart'],
  ];
  return [
    ['static', 'static', 'static file (baseline)', '/brand/logo.svg'],
    ...pages.filter(([k]) => k !== 'cart').map(([k, p]) => ['guest', `${k}-guest`, `${k}, guest (cached)`, p]),
    ...(user ? pages.map(([k, p]) => ['user', `${k}-user`, `${k}, signed in`, p, user]) : []),
    // The steps where the money is made: the whole quote (shipping per store, tax, payment methods);
    // then the shopper's orders (BENCH_SHOPPER_ORDERS of them) and the newest one's page.
    ...(user
      ? [
          ['till', 'shipping-user', '/shipping, signed in, with an address', '/shipping', user],
          ['till', 'checkout-user', '/checkout, signed in, with an address', '/checkout', user],
          ['till', 'orders-user', `/user/orders, ${process.env.BENCH_SHOPPER_ORDERS ?? 40} orders`, '/user/orders', user],
          ['till', 'order-user', 'one order page, signed in', shopper.orderId ? `/user/order/${shopper.orderId}` : null, user],
        ]
      : []),
    ...(guest ? pages.map(([k, p]) => ['cart', `${k}-cart`, `${k}, guest with cart`, p, guest]) : []),
    ...freshTargets(product, shopper?.fresh),
    ['api', 'api-product', 'api/v1/product/{slug}', slug ? `/api/v1/product/${slug}` : null],
    ['api', 'api-all', 'api/v1/all', category ? `/api/v1/all?category=${category}` : '/api/v1/all'],
    ['api', 'api-common', 'api/v1/common', '/api/v1/common'],
    ['search', 'search-page', 'search results page', '/search?q=usb%20c'],
    ['search', 'api-search', 'api/v1/search', '/api/v1/search?q=power%20bank'],
    ['search', 'api-suggestions', 'api/v1/suggestions', '/api/v1/suggestions?q=char'],
    // A guest's first add: no cookie, no token (the server makes the token, the cart, the line and the cookies);
    // then a script's first add with a Bearer guest token of its own (looked up as a session first).
    ...(cart
      ? [
          ['write', 'cart-add', "cart/action POST, a guest's first add", '/api/v1/cart/action', cart.firstAdd],
          ['write', 'cart-add-bearer', 'cart/action POST, new Bearer guest', '/api/v1/cart/action', cart.add],
        ]
      : []),
  ].filter(([, , , p]) => p);
}

/**
 * Pages drawn afresh: a guest asks for a different product, listing (category × sort) or search on every
 * request, with a counter in the query so that no kept page or API answer serves it (the shared-page and
 * API caches key on the whole URL).
 */
function freshTargets(product, fresh) {
  if (!fresh || !product) return [];
  const base = product.replace(/[^/]+$/, '');
  const rotating = (paths) => {
    let n = 0;
    return {
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const p = paths[n % paths.length];
            n++;
            return { ...req, path: `${p}${p.includes('?') ? '&' : '?'}fresh=${n}` };
          },
        },
      ],
    };
  };
  const sorts = ['newest', 'popularity', 'price_asc', 'price_desc', 'rating'];
  const listings = fresh.categories.flatMap((c) => sorts.map((s) => `/all/${encodeURIComponent(c)}?sort=${s}`));
  const rows = [
    ['product-fresh', 'product page, a new one each request', fresh.products.map((s) => `${base}${encodeURIComponent(s)}`)],
    ['listing-fresh', 'listing, a new category × sort each request', listings],
    ['search-fresh', 'search page, a new word each request', fresh.words.map((w) => `/search?q=${encodeURIComponent(w)}`)],
    ['api-search-fresh', 'api/v1/search, a new word each request', fresh.words.map((w) => `/api/v1/search?q=${encodeURIComponent(w)}`)],
  ];
  return rows.filter(([, , paths]) => paths.length).map(([key, label, paths]) => ['fresh', key, label, paths[0], rotating(paths)]);
}

const guestToken = () => `bench_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/**
 * A guest carrying a cart of three lines (its HttpOnly guest cookie), and the `cart/action` load that
 * adds one unit for a new guest on every request (new cart, stock check, upsert).
 */
async function guestCart(origin, home) {
  const slugs = [...new Set([...home.matchAll(/href="\/[^"/]+\/product\/([^"]+)"/g)].map((m) => m[1]))];
  const ids = [];
  for (const slug of slugs) {
    const p = (await (await fetch(`${origin}/api/v1/product/${slug}`)).json())?.data;
    if (p && p.in_stock && !p.variant_prices?.length) ids.push(p.id);
    if (ids.length === 3) break;
  }
  if (!ids.length) return null;
  const token = guestToken();
  for (const id of ids) {
    await fetch(`${origin}/api/v1/cart/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ product_id: id, quantity: 1 }),
    });
  }
  const body = JSON.stringify({ product_id: ids[0], quantity: 1 });
  // autocannon calls setupRequest (and builds each request anew) only for an entry of `requests`: at the top
  // level it is ignored and every request would carry the first token (one guest's cart, not a new one each).
  const add = {
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${guestToken()}` } }),
      },
    ],
  };
  const firstAdd = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
  return { token, add, firstAdd };
}

function load(url, opts = {}, duration = seconds) {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': 'br, gzip', ...opts.headers };
    autocannon({ url, connections, duration, ...opts, headers }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/** The process's resident memory now and at its peak, in MB (Linux /proc; null elsewhere). */
function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return null;
  }
}
const mbText = (m) => (m ? `${m.rss.toFixed(0)} MB (peak so far ${m.peak.toFixed(0)} MB)` : 'unknown');

/** Where the server's memory is now (scripts/memory-probe.mjs answers SIGUSR2), or null. */
async function memoryOf(server, { collect = false } = {}) {
  if (!server?.probeFile || server.child.exitCode !== null) return null;
  const before = fs.existsSync(server.probeFile) ? fs.readFileSync(server.probeFile, 'utf8').length : 0;
  if (collect) fs.writeFileSync(`${server.probeFile}.collect`, '');
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const text = fs.existsSync(server.probeFile) ? fs.readFileSync(server.probeFile, 'utf8') : '';
    if (text.length > before && text.endsWith('\n')) return JSON.parse(text.slice(before).trim().split('\n').pop());
  }
  return null;
}
const memoryText = (m) =>
  m
    ? `resident ${m.rss} MB (peak ${m.peak}): V8 heap ${m.heapUsed} MB used of ${m.heapTotal} (young ${m.newSpace}), ` +
      `outside the heap ${m.external} MB (ArrayBuffers ${m.arrayBuffers}), WebAssembly ${m.wasm.length ? m.wasm.join(' + ') : 0} MB` +
      (m.liveHeap === undefined ? '' : `; after a full collection: heap ${m.liveHeap} MB used, resident ${m.rssAfterCollect} MB`) +
      (m.resident
        ? ` (WebAssembly ${m.resident.wasm}, files ${m.resident.files}, malloc's heap ${m.resident.mallocHeap}, other anonymous ${m.resident.otherAnonymous})`
        : '')
    : 'unknown';

/** CPU seconds the process has used so far, all its threads (Linux /proc; null elsewhere). */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * req/s and latency per URL, each beside the static file of the same run; and the server process's CPU
 * time per answer (all its threads; PostgreSQL's own processes are not counted), a figure that a busy
 * machine disturbs far less than req/s: "×static cpu" is the static file's CPU per answer over the
 * page's, what the req/s ratio tends to when the server has the machine to itself.
 */
async function throughput(origin, targets, dbLabel, pid) {
  console.log(`\nThroughput on ${dbLabel}: ${connections} connections, ${seconds} s per URL, compressed responses; load ${loadAvg()}`);
  console.log(
    'url'.padEnd(52) +
      'req/s'.padStart(8) +
      'p50 ms'.padStart(8) +
      'p99 ms'.padStart(8) +
      '  ×static' +
      '  non-2xx' +
      '  cpu µs/req' +
      '  ×static cpu',
  );
  // Warm-up: each URL briefly first, so that no figure pays for the JIT compiling the code it runs.
  for (const [, , , p, opts] of targets) await load(origin + p, opts, warmUpSeconds);
  let baseline = 0;
  let baselineCpu = 0;
  for (const [, key, label, p, opts] of targets) {
    const cpuBefore = cpuSecondsOf(pid);
    const res = await load(origin + p, opts);
    const cpuAfter = cpuSecondsOf(pid);
    const answered = res.requests.total || 1;
    const cpu = cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / answered;
    if (key === 'static') {
      baseline = res.requests.average;
      baselineCpu = cpu ?? 0;
    }
    const ratio = baseline ? (res.requests.average / baseline).toFixed(3) : '-';
    const cpuRatio = cpu && baselineCpu ? (baselineCpu / cpu).toFixed(3) : '-';
    console.log(
      `${label} ${p}`.slice(0, 51).padEnd(52) +
        res.requests.average.toFixed(0).padStart(8) +
        String(res.latency.p50).padStart(8) +
        String(res.latency.p99).padStart(8) +
        ratio.padStart(9) +
        `  ${res.non2xx}`.padEnd(9) +
        (cpu === null ? '-' : cpu.toFixed(0)).padStart(13) +
        cpuRatio.padStart(14),
    );
  }
  console.log(`(load average after: ${loadAvg()})`);
}

const loadAvg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

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
  for (const [, , label, p] of targets.filter(([section, key]) => section === 'guest' || key === 'search-page')) {
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

/** Lighthouse's pages: a first-time guest's home, listing and product page, and the cart of a guest with three lines. */
function lighthouseTargets(origin, targets) {
  const wanted = ['home-guest', 'listing-guest', 'product-guest', 'cart-cart'];
  return wanted
    .map((key) => targets.find(([, k]) => k === key))
    .filter(Boolean)
    .map(([, key, , p, opts]) => ({ label: `${key.split('-')[0]} ${p}`, url: origin + p, headers: opts?.headers }));
}

/** A signed-in shopper (session, three cart lines, two wishlisted products) in the database, before the server opens it. */
function prepareShopper(dataDir, env) {
  const file = path.join(dataDir, 'shopper.json');
  const res = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/bench-pages-setup.ts'), file], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  return res.status === 0 ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/** Top frames by self time of a V8 .cpuprofile. */
function topFrames(file, count = 25, lastSeconds = Infinity) {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = prof.timeDeltas;
  // Only the load: samples in the last `lastSeconds` before the server stopped (not its start-up).
  const from = prof.endTime - lastSeconds * 1e6;
  let at = prof.startTime;
  let total = 0;
  for (let i = 0; i < prof.samples.length; i++) {
    at += dt[i] ?? 0;
    if (at < from) continue;
    const node = byId.get(prof.samples[i]);
    const ms = (dt[i] ?? 0) / 1000;
    total += ms;
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^file:\/\//, '').replace(root + '/', '')}:${f.lineNumber + 1}` : '';
    const name = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(name, (self.get(name) ?? 0) + ms);
  }
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  // The same self time grouped by where the code lives: a package, node's own modules, the app, V8.
  const groups = new Map();
  for (const [name, ms] of self) {
    const where = name.split(' ').slice(1).join(' ');
    const group = where.startsWith('node_modules/')
      ? where
          .split('/')
          .slice(0, where.startsWith('node_modules/@') ? 3 : 2)
          .join('/')
      : where.startsWith('node:')
        ? `node:${where.slice(5).split(/[:/]/)[0]}`
        : where.startsWith('dist/') || where.startsWith('src/')
          ? 'the app (dist/)'
          : where.startsWith('wasm')
            ? 'wasm (PGlite)'
            : name.startsWith('(')
              ? name
              : 'native / other';
    groups.set(group, (groups.get(group) ?? 0) + ms);
  }
  const sampled = [...groups.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log('\nSelf time by where the code lives');
  for (const [group, ms] of sampled) console.log(`${((ms / total) * 100).toFixed(1).padStart(6)} %  ${group}`);
  console.log(
    `\nTop ${count} frames by self time (${(total / 1000).toFixed(1)} s sampled${Number.isFinite(lastSeconds) ? ', load only' : ''}) — ${file}`,
  );
  for (const [name, ms] of rows) console.log(`${((ms / total) * 100).toFixed(1).padStart(6)} %  ${name.slice(0, 150)}`);
}

/** BENCH_ONLY=user,api (sections: static guest user till fresh cart api search write weight start lighthouse checkout backoffice reports); `--profile KEY` profiles one page. */
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const wants = (section) => !only || only.has(section);
const profileAt = process.argv.indexOf('--profile');
const profileKey = profileAt > 0 ? (process.argv[profileAt + 1] ?? 'product-user') : null;
const dbChoice = process.env.BENCH_DB ?? 'both';

/** Benches pages and APIs on one database. */
async function benchPages(dbLabel, env) {
  const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-bench-'));
  let server;
  try {
    if (wants('search') && !profileKey) searchInProcess(dataDir, env);
    const shopper = prepareShopper(dataDir, env);
    const profDir = profileKey ? fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-prof-')) : null;
    server = await startServer(dataDir, env, profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
    console.log(`\nBench server at ${server.origin} on ${dbLabel}; ${os.cpus().length} CPUs`);
    // Idle: started, the demo loaded, nothing asked yet but the health check. Its peak so far is the start's.
    const idle = rssOf(server.child.pid);
    const idleMemory = await memoryOf(server);
    const targets = await pickTargets(server.origin, shopper);
    if (profileKey) {
      const target = targets.find(([, key]) => key === profileKey);
      if (!target) throw new Error(`no page "${profileKey}"; one of: ${targets.map(([, k]) => k).join(', ')}`);
      const duration = Number(process.env.BENCH_PROFILE_SECONDS ?? 15);
      await load(server.origin + target[3], target[4], 2); // warm-up
      const res = await load(server.origin + target[3], target[4], duration);
      console.log(
        `${target[2]} ${target[3]}: ${res.requests.average.toFixed(0)} req/s, p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms while profiled`,
      );
      await stopServer(server);
      server = undefined;
      const file = fs
        .readdirSync(profDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(profDir, f))[0];
      if (!file) throw new Error('the server wrote no CPU profile');
      const kept = path.join(
        process.env.BENCH_PROFILE_DIR ?? os.tmpdir(),
        `voltmart-${profileKey}-${dbLabel.startsWith('Post') ? 'pg' : 'pglite'}-${Date.now()}.cpuprofile`,
      );
      fs.copyFileSync(file, kept);
      topFrames(kept, 25, duration + 1);
      console.log('(open the file in Chrome DevTools › Performance, or speedscope, for the call tree)');
      return;
    }
    // Lighthouse first, on a server nothing else loads (it times a page as a phone would see it).
    if (wants('lighthouse') && !dbLabel.startsWith('Post')) await lighthousePages(lighthouseTargets(server.origin, targets));
    const chosen = targets.filter(([section]) => section === 'static' || wants(section));
    await throughput(server.origin, chosen, dbLabel, server.child.pid);
    console.log(`Server memory on ${dbLabel}: resident ${mbText(idle)} idle, ${mbText(rssOf(server.child.pid))} after the load above`);
    console.log(`  idle:       ${memoryText(idleMemory)}`);
    console.log(`  after load: ${memoryText(await memoryOf(server))}`);
    // V8's memory reducer collects and gives pages back once the process is quiet for a few seconds.
    const settle = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
    await new Promise((resolve) => setTimeout(resolve, settle * 1000));
    console.log(`  ${settle} s later: ${memoryText(await memoryOf(server, { collect: true }))}`);
    console.log(`  (goal: ${dbLabel.startsWith('Post') ? 200 : 300} MB resident after load; start-up peak = the idle "peak so far")`);
    if (wants('weight') && !dbLabel.startsWith('Post')) await pageWeight(server.origin, targets);
  } finally {
    await stopServer(server);
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const topAt = process.argv.indexOf('--top');
if (topAt > 0) {
  // `node scripts/bench.mjs --top FILE.cpuprofile`: the tables of a profile kept earlier.
  // `--top FILE [SECONDS]`: only the last SECONDS before the server stopped (the load, not the start).
  topFrames(process.argv[topAt + 1], 25, Number(process.argv[topAt + 2] ?? Infinity));
  process.exit(0);
}

try {
  buildIfStale();
  if (!only || [...only].some((s) => !['checkout', 'backoffice', 'products', 'reports', 'start'].includes(s))) {
    if (dbChoice !== 'postgres' && !process.env.DATABASE_URL) await benchPages(`PGlite`, {});
    if (dbChoice !== 'pglite') {
      const pg = await pgScratch('pages');
      if (!pg) console.log('\nPostgreSQL: skipped (set DATABASE_URL or run a server on 127.0.0.1:5432)');
      else {
        try {
          await benchPages('PostgreSQL', { DATABASE_URL: pg.url });
        } finally {
          await pg.drop();
        }
      }
    }
  }
  if (wants('start') && !profileKey) await benchStart();
  if (wants('checkout') && !profileKey) await benchCheckout(startServer);
  if (wants('backoffice') && !profileKey) await benchBackOffice();
  if (wants('products') && !profileKey) await benchInScratch('scripts/bench-products.ts', 'products', 'Products in the back office');
  if (wants('reports') && !profileKey) await benchReports();
} catch (err) {
  console.log(`\nbench stopped early: ${err.message}`);
}

/**
 * `BENCH_ONLY=start`: seconds from `npm start` (scripts/start.mjs, dist/ current) to its first 200 from
 * /api/v1/health, on an empty data folder and again on the same folder, on each database; with the server's
 * resident memory then and its peak (the start's). The demo load is measured apart: the embedded demo database
 * made from scratch, as `npm run build` (or the first start after the demo or the schema changed) makes it.
 */
async function benchStart() {
  console.log(`\nStart-up: npm start to its first answer (dist/ current); load ${loadAvg()}`);
  const row = (label, r) =>
    console.log(
      label.padEnd(52) +
        (r
          ? `${r.seconds.toFixed(1)} s`.padStart(9) +
            `   resident ${r.memory?.rss.toFixed(0) ?? '?'} MB, peak ${r.memory?.peak.toFixed(0) ?? '?'} MB`
          : '   did not start'),
    );
  if (dbChoice !== 'postgres' && !process.env.DATABASE_URL) {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-bench-demo-'));
    const started = performance.now();
    const made = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/demo-template.ts'), scratch, 'bench'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    fs.rmSync(scratch, { recursive: true, force: true });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      'PGlite: demo shop prepared beside the build (once)'.padEnd(52) +
        (made.status === 0 ? `${seconds.toFixed(1)} s`.padStart(9) : '   failed'),
    );
    ensureDemoTemplate();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-bench-start-'));
    try {
      row('PGlite: empty data folder (the demo copied in)', await timeStart({ DATA_DIR: dataDir }));
      row('PGlite: existing data folder', await timeStart({ DATA_DIR: dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (dbChoice !== 'pglite') {
    const pg = await pgScratch('start');
    if (!pg) return console.log('PostgreSQL: skipped (no server)');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-bench-start-'));
    try {
      row('PostgreSQL: empty database (migrated, the demo loaded)', await timeStart({ DATA_DIR: dataDir, DATABASE_URL: pg.url }));
      row('PostgreSQL: existing database', await timeStart({ DATA_DIR: dataDir, DATABASE_URL: pg.url }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pg.drop();
    }
  }
  console.log(`(goals: existing ≤ 5 s, empty ≤ 20 s; demo fingerprint ${demoFingerprint().slice(0, 8)}; load after: ${loadAvg()})`);
}

/** Runs `npm start` (scripts/start.mjs) until its first answer; returns the seconds and the server's memory then, or null. */
async function timeStart(env) {
  const port = await freePort();
  const started = performance.now();
  const launcher = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED: 'demo', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => launcher.once('exit', resolve));
  let seconds = null;
  for (let i = 0; i < 6000 && launcher.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) {
        seconds = (performance.now() - started) / 1000;
        break;
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // The server is the launcher's child (scripts/start.mjs).
  let serverPid = null;
  try {
    serverPid = Number(fs.readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, 'utf8').trim().split(/\s+/)[0]) || null;
  } catch {
    /* not Linux */
  }
  const memory = serverPid ? rssOf(serverPid) : null;
  if (launcher.exitCode === null) launcher.kill('SIGTERM');
  await exited;
  return seconds === null ? null : { seconds, memory };
}

/** The reports at scale (scripts/bench-reports.ts), in a scratch PostgreSQL database (a million orders is a server's job). */
async function benchReports() {
  if (dbChoice === 'pglite') return;
  const pg = await pgScratch('reports');
  if (!pg) return console.log('\nReports on PostgreSQL: skipped (no server)');
  try {
    spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/bench-reports.ts')], {
      cwd: root,
      env: { ...process.env, SEED: 'none', DATABASE_URL: pg.url },
      stdio: 'inherit',
    });
  } finally {
    await pg.drop();
  }
}

/** The back office at scale (scripts/bench-backoffice.ts), in a scratch database of each kind. */
async function benchBackOffice() {
  const run = (env) =>
    spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/bench-backoffice.ts')], {
      cwd: root,
      env: { ...process.env, SEED: 'none', ...env },
      stdio: 'inherit',
    });
  if (dbChoice !== 'postgres' && !process.env.DATABASE_URL) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-bench-bo-'));
    try {
      run({ DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (dbChoice !== 'pglite') {
    const pg = await pgScratch('backoffice');
    if (!pg) console.log('\nBack office on PostgreSQL: skipped (no server)');
    else {
      try {
        run({ DATABASE_URL: pg.url });
      } finally {
        await pg.drop();
      }
    }
  }
}

/** An in-process bench script (scripts/bench-*.ts) in a scratch database of each kind (BENCH_DB picks one). */
async function benchInScratch(script, name, title) {
  const run = (env) =>
    spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, script)], {
      cwd: root,
      env: { ...process.env, SEED: 'none', ...env },
      stdio: 'inherit',
    });
  if (dbChoice !== 'postgres' && !process.env.DATABASE_URL) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `voltmart-bench-${name}-`));
    try {
      run({ DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (dbChoice !== 'pglite') {
    const pg = await pgScratch(name);
    if (!pg) console.log(`\n${title} on PostgreSQL: skipped (no server)`);
    else {
      try {
        run({ DATABASE_URL: pg.url });
      } finally {
        await pg.drop();
      }
    }
  }
}

/** Stops a bench server (once). */
async function stopServer(s) {
  if (!s || s.child.exitCode !== null || s.child.signalCode) return;
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
}
