// `npm test`: every test, in the order a failure is cheapest to find. Unit, lint, typecheck, integration on the
// embedded database, integration on PostgreSQL, builds (production and end-to-end), end to end in Debian's Chromium. Each step
// runs even when an earlier test step failed (a build failure stops the run); the last line sums up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function preflight() {
  const problems = [];
  if (!fs.existsSync(chromium))
    problems.push(`Chromium is missing at ${chromium}: install Debian's package (apt-get install -y chromium).`);
  return problems;
}

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  console.log(
    `━━ ${label}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status})`} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return result.status === 0;
}

/**
 * Runs steps at the same time (each is one process on one core: lint and typecheck) and prints each
 * one's output whole, in the order given, as `run` would have.
 */
async function runTogether(steps) {
  const started = Date.now();
  const finished = steps.map(
    ({ label, command, args, env = {} }) =>
      new Promise((resolve) => {
        const child = spawn(command, args, {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
        });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.once('error', (err) => output.push(Buffer.from(`${err.message}\n`)));
        child.once('close', (status) => resolve({ label, status, output: Buffer.concat(output), ms: Date.now() - started }));
      }),
  );
  let ok = true;
  for (const result of finished) {
    const { label, status, output, ms } = await result;
    console.log(`\n━━ ${label}`);
    process.stdout.write(output);
    console.log(
      `━━ ${label}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${Math.round(ms / 1000)} s (run beside the others of its group)`,
    );
    ok = status === 0 && ok;
  }
  return ok;
}

/** Passed/failed counts from a vitest JSON report. */
function vitestCounts(file) {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.success === false && !report.numFailedTests ? 1 : 0),
  };
}

/** Passed/failed counts from a Playwright JSON report. */
function playwrightCounts(file) {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}

const totals = { passed: 0, failed: 0 };
const add = ({ passed, failed }) => {
  totals.passed += passed;
  totals.failed += failed;
};
let ok = true;

const problems = preflight();
if (!(await reachable(pgUrl)))
  problems.push(
    `PostgreSQL is not reachable at ${pgUrl}: start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL.`,
  );
if (problems.length) {
  console.error(`\nThe test suite cannot run:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}

/** One vitest project as a step: its JSON report goes to test-results/<report>, counted when the step ends. */
const vitestStep = (label, project, env, report) => {
  const file = path.join(results, report);
  fs.rmSync(file, { force: true });
  return {
    label,
    command: bin('vitest'),
    args: ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
    file,
  };
};

const unit = vitestStep('unit tests', 'unit', {}, 'unit.json');
ok = run(unit.label, unit.command, unit.args, unit.env) && ok;
add(vitestCounts(unit.file));
// Lint and typecheck each keep one core busy: side by side they take about as long as typecheck alone.
ok =
  (await runTogether([
    { label: 'lint', command: bin('eslint'), args: ['.'] },
    { label: 'typecheck', command: bin('astro'), args: ['check'] },
  ])) && ok;
// Each database's integration run is one vitest worker (a 2-core machine gets one): side by side they use both
// cores, and neither touches the other's data (each file gets its own database copy, tests/setup/db.ts).
const integration = [
  vitestStep('integration tests on the embedded database (PGlite)', 'integration', { TEST_DB: 'pglite' }, 'integration-pglite.json'),
  vitestStep(
    'integration tests on PostgreSQL',
    'integration',
    { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
    'integration-postgres.json',
  ),
];
ok = (await runTogether(integration)) && ok;
for (const step of integration) add(vitestCounts(step.file));

// Two builds: the production one (dist/, what `npm start` serves; an e2e spec proves it has no
// /test-only/* routes) and the end-to-end one (dist-e2e/, with them) that Playwright serves.
// Each build is mostly one core's work: side by side.
if (
  !(await runTogether([
    { label: 'build', command: bin('astro'), args: ['build'] },
    { label: 'build for the end-to-end tests', command: bin('astro'), args: ['build'], env: { VOLTMART_TEST_BUILD: '1' } },
  ]))
) {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed + 1} failed`);
  process.exit(1);
}
const e2eReport = path.join(results, 'e2e.json');
fs.rmSync(e2eReport, { force: true });
ok = run('end-to-end tests in Chromium', bin('playwright'), ['test']) && ok;
add(playwrightCounts(e2eReport));

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
