import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '../fixtures';
import { spawnServe } from '../platform/server-process';

/**
 * The regional redirect on a second server with it configured (REGIONAL_REDIRECT_COUNTRY/URL behind a
 * trusted proxy), and off on the suite's own server (not configured: the same request stays).
 */
const port = Number(process.env.E2E_PORT ?? 4399) + 3;
const origin = `http://127.0.0.1:${port}`;
const BROWSER = { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' };

test.describe.configure({ mode: 'serial', timeout: 600_000 });

test('on: a visitor from the configured country goes to the regional shop; bots, other countries and "stay here" do not', async ({
  request,
}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-regional-'));
  let output = '';
  const child = spawnServe(['--build', 'dist-e2e'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'none',
    PUBLIC_URL: '',
    TRUST_PROXY: 'true',
    REGIONAL_REDIRECT_COUNTRY: 'IN',
    REGIONAL_REDIRECT_URL: 'https://in.shop.example/',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => ((output += d), output.includes('is ready at') && resolve());
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (d: Buffer) => (output += d));
      child.once('exit', () => reject(new Error(`server exited: ${output}`)));
    });
    const get = (p: string, headers: Record<string, string>) => request.get(`${origin}${p}`, { headers, maxRedirects: 0 });
    const away = await get('/blog?page=1', { ...BROWSER, 'cf-ipcountry': 'IN' });
    expect(away.status()).toBe(302);
    expect(away.headers().location).toBe('https://in.shop.example/blog?page=1');
    expect(away.headers()['cache-control']).toBe('private, no-store');
    expect((await get('/blog', { ...BROWSER, 'cf-ipcountry': 'US' })).status()).toBe(200);
    expect((await get('/blog', { ...BROWSER, 'cf-ipcountry': 'IN', 'user-agent': 'Googlebot/2.1' })).status()).toBe(200);
    expect((await get('/api/v1/health', { ...BROWSER, 'cf-ipcountry': 'IN' })).status()).toBe(200);
    const info = await (await get('/api/v1/user-info-by-ip', { 'cf-ipcountry': 'IN' })).json();
    expect(info.data).toEqual({ country: 'IN' });
    const stay = await get('/?stay_here=1', { ...BROWSER, 'cf-ipcountry': 'IN' });
    expect(stay.status()).toBe(200);
    const cookie = stay.headers()['set-cookie']!.split(';')[0]!;
    expect(cookie).toBe('frontend_stay_here=1');
    expect((await get('/blog', { ...BROWSER, 'cf-ipcountry': 'IN', cookie })).status()).toBe(200);
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('off: without the configuration nobody is redirected and the country is unknown', async ({ request }) => {
  const res = await request.get('/blog', { headers: { ...BROWSER, 'cf-ipcountry': 'IN' }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect((await (await request.get('/api/v1/user-info-by-ip', { headers: { 'cf-ipcountry': 'IN' } })).json()).data).toEqual({
    country: null,
  });
});
