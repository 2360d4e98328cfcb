// Lighthouse (mobile, its default: a mid-range phone, simulated slow 4G and a 4× slower CPU) on the pages a
// shopper meets first, through Debian's Chromium. `BENCH_ONLY=lighthouse npm run bench`; issue 39's goal is a
// performance score ≥ 0.95 with CLS 0 on home, a listing, a product page and the cart.
// Lighthouse is a dev dependency loaded here only (never by the app): pinned to 12.2.3, the newest that runs
// on the Node this project brings and that `npm ci` accepts the lock of (see .library notes in the report).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const loadAvg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** What a Lighthouse node item names: its selector (or snippet), short enough for one line. */
const nodeName = (item) => String(item?.node?.selector ?? item?.node?.snippet ?? item?.node?.nodeLabel ?? '-').slice(0, 60);

/**
 * Runs Lighthouse's performance category on each page, `runs` times (BENCH_LIGHTHOUSE_RUNS, default 1), and
 * prints the score, CLS, LCP (and its element), TBT, what shifted, and the machine's load beside each: the
 * scores move with the load, so compare pairs measured in the same minute, never one run.
 * `pages`: [{ label, url, headers? }] — headers carry a cart's cookie.
 */
export async function lighthousePages(pages, { runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1) } = {}) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    console.log(`\nLighthouse: skipped, no Chromium at ${executablePath} (apt-get install -y chromium)`);
    return [];
  }
  let lighthouse;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
  } catch {
    console.log('\nLighthouse: skipped, the lighthouse dev dependency is not installed (npm install)');
    return [];
  }
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} (mobile, simulated throttling), performance only`,
  );
  console.log(
    'page'.padEnd(30) +
      'score'.padStart(7) +
      'CLS'.padStart(8) +
      'LCP ms'.padStart(8) +
      'TBT ms'.padStart(8) +
      'FCP ms'.padStart(8) +
      '  load avg'.padEnd(20) +
      '  LCP element; shifted',
  );
  const results = [];
  try {
    for (let run = 0; run < runs; run++) {
      for (const { label, url, headers } of pages) {
        const load = loadAvg();
        const result = await lighthouse(url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          extraHeaders: headers,
        });
        const lhr = result?.lhr;
        // BENCH_LIGHTHOUSE_DIR keeps each report (JSON; open it in the Lighthouse viewer) for a closer look.
        if (lhr && process.env.BENCH_LIGHTHOUSE_DIR) {
          fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
          const name = `${label.split(' ')[0]}-${run + 1}-${Date.now()}.json`;
          fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, name), JSON.stringify(lhr));
        }
        if (!lhr) {
          console.log(`${label.padEnd(30)} no result`);
          continue;
        }
        const audit = (id) => lhr.audits[id];
        const num = (id) => audit(id)?.numericValue ?? NaN;
        const lcpItem = audit('largest-contentful-paint-element')?.details?.items?.[0];
        const lcpNode = lcpItem?.items?.[0] ?? lcpItem;
        const shifted = (audit('layout-shifts')?.details?.items ?? []).map((i) => `${nodeName(i)} ${(i.score ?? 0).toFixed(3)}`);
        const row = {
          label,
          score: lhr.categories.performance.score,
          cls: num('cumulative-layout-shift'),
          lcp: num('largest-contentful-paint'),
          tbt: num('total-blocking-time'),
          fcp: num('first-contentful-paint'),
          load,
          lcpElement: nodeName(lcpNode),
          shifted,
          error: lhr.runtimeError?.message,
        };
        results.push(row);
        console.log(
          label.slice(0, 29).padEnd(30) +
            (row.score ?? NaN).toFixed(2).padStart(7) +
            row.cls.toFixed(3).padStart(8) +
            row.lcp.toFixed(0).padStart(8) +
            row.tbt.toFixed(0).padStart(8) +
            row.fcp.toFixed(0).padStart(8) +
            `  ${load}`.padEnd(20) +
            `  ${row.lcpElement}${shifted.length ? `; ${shifted.join(', ')}` : ''}${row.error ? ` (${row.error})` : ''}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  console.log('(goal: score ≥ 0.95 and CLS 0 on each page; the score moves with the load average beside it)');
  // Lighthouse 12.2's RootCauses gatherer fails on newer Chromium: its LCP-element and layout-shift audits then
  // say nothing ("-"); tests/e2e/shell/layout-shift.spec.ts names both from the browser's own entries.
  return results;
}
