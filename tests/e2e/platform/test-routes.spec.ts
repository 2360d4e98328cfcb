import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '../fixtures';
import { spawnServe } from './server-process';

/**
 * /test-only/* (sign in as anyone, flip settings) exists only in the end-to-end build (dist-e2e/,
 * `npm run build:e2e`), which this suite runs against. The production build (dist/, what `npm start`
 * serves; `npm test` builds both) has neither the routes nor their CSRF exemption, even with
 * ENABLE_TEST_ROUTES=1; and the end-to-end build refuses to start with them on a public address.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const port = Number(process.env.E2E_PORT ?? 4399) + 1;
const origin = `http://127.0.0.1:${port}`;

/** Runs scripts/serve.mjs until it says it is ready or exits; resolves with a stop function and its output. */
async function serve(args: string[], env: Record<string, string>) {
  let output = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-test-routes-'));
  const child = spawnServe(args, {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'none',
    ENABLE_TEST_ROUTES: '1',
    PUBLIC_URL: '',
    ...env,
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<'ready'>((resolve) => child.stdout!.on('data', () => output.includes('is ready at') && resolve('ready')));
  const outcome = await Promise.race([ready, exited]);
  return {
    outcome,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test.describe.configure({ mode: 'serial', timeout: 600_000 });

test("this suite's build has the test-only routes (so the checks below mean something)", async ({ request }) => {
  const res = await request.get('/test-only/social');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ signedIn: false, links: [] });
});

test('the production build has no test-only route and no CSRF exemption for them, even with ENABLE_TEST_ROUTES=1', async () => {
  const server = await serve([], {});
  try {
    expect(server.outcome, server.output()).toBe('ready');
    const signIn = await fetch(`${origin}/test-only/session`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'anyone@example.com' }),
    });
    expect(signIn.status).toBe(404);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${origin}/test-only/social`)).status).toBe(404);
    // The guard treats the path like any other: a forged text/plain post is refused before routing.
    const forged = await fetch(`${origin}/test-only/session`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'anyone@example.com' }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe('This request came from another site, so it was refused. Reload the page on our site and try again.');
  } finally {
    await server.stop();
  }
  const bundle = fs.readFileSync(path.join(root, 'dist/server/entry.mjs'), 'utf8');
  expect(bundle).not.toContain('/test-only/');
});

test('the end-to-end build refuses to start with test-only routes on a public PUBLIC_URL', async () => {
  const server = await serve(['--build', 'dist-e2e'], { PUBLIC_URL: 'https://shop.example.com' });
  try {
    expect(server.outcome).toBe(1);
    expect(server.output()).toContain(
      'ENABLE_TEST_ROUTES=1 lets anyone sign in as any account, so it is refused on a public address (PUBLIC_URL https://shop.example.com).',
    );
  } finally {
    await server.stop();
  }
});
