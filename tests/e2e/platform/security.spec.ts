import { spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { test, expect } from '../fixtures';
import { signInWithForm, signUpByApi, uniqueEmail } from '../fixtures/auth';

/** Issue 9 against the built server (scripts/serve.mjs → Astro): what an attacker sends, what comes back. */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with exactly these headers (fetch and Playwright would fix the Host for us). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, path, method, headers, setHost: !('host' in headers) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

test.describe('Host header', () => {
  test('a foreign or invalid Host is a 400 on every path, in the shape of the path, never cached', async () => {
    for (const host of ['evil.example', '[bad', 'a b', '127.0.0.1:99999']) {
      const api = await raw('/api/v1/health', { host });
      expect(api.status, host).toBe(400);
      expect(api.headers['content-type'], host).toContain('application/json');
      expect(JSON.parse(api.body), host).toMatchObject({ status: 400, data: { code: 'BAD_REQUEST' } });
      const page = await raw('/', { host });
      expect(page.status, host).toBe(400);
      expect(page.headers['content-type'], host).toContain('text/html');
      expect(page.headers['cache-control'], host).toBe('no-store');
      expect(page.body, host).toContain('SORRY');
    }
    // The home page everyone gets next is the shop's own, pointing at the configured origin.
    const home = await raw('/', { host: `127.0.0.1:${PORT}` });
    expect(home.status).toBe(200);
    expect(canonicalOf(home.body)).toBe(`${ORIGIN}/`);
  });

  test('absolute URLs come from configuration, whatever name the request used', async () => {
    const names: Record<string, string>[] = [
      { host: `localhost:${PORT}` },
      { host: `127.0.0.1:${PORT}`, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ];
    for (const headers of names) {
      for (const path of ['/', '/all/cables', '/brands']) {
        const res = await raw(`${path}?poison=${Math.random()}`, headers);
        expect(res.status, path).toBe(200);
        expect(res.body, path).not.toContain('evil.example');
        expect(canonicalOf(res.body), path).toBe(`${ORIGIN}${path}`);
        expect(res.body, path).toContain(`content="${ORIGIN}${path === '/' ? '/' : path}`);
      }
      const sitemap = await raw('/sitemap.xml', headers);
      expect(sitemap.body).toContain(`<loc>${ORIGIN}/`);
      expect(sitemap.body).not.toContain('localhost');
    }
  });
});

test('a production shop without PUBLIC_URL refuses to start and says what to set', () => {
  const run = spawnSync(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: '',
      PORT: String(PORT + 8),
      HOST: '127.0.0.1',
      DATA_DIR: `/tmp/voltmart-e2e-${PORT}-noconfig`,
      SEED: 'none',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('PUBLIC_URL is required when NODE_ENV=production or SECURE_COOKIES is set');
});

test.describe('open redirect after sign-in', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`/login?redirect=/.//evil.example/phish stays on the shop (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const email = uniqueEmail('redirect');
      await signUpByApi(page.request, email, 'redirect-pass');
      await context.clearCookies();
      const foreign: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(ORIGIN)) foreign.push(r.url());
      });
      await page.goto('/login?redirect=/.//evil.example/phish');
      await signInWithForm(page, email, 'redirect-pass');
      await page.waitForURL((url) => url.pathname !== '/login');
      expect(new URL(page.url()).origin).toBe(ORIGIN);
      expect(page.url()).not.toContain('evil.example');
      expect(foreign).toEqual([]);
      await context.close();
    });
  }

  test('the redirect and the Referer fallback of a plain form post answer local paths only', async ({ request }) => {
    const email = uniqueEmail('redirect-raw');
    await signUpByApi(request, email, 'redirect-pass');
    const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: ORIGIN };
    for (const target of [
      '/.//evil.example/phish',
      '//evil.example',
      '/%2f%2fevil.example',
      '/\\evil.example',
      '/%5cevil.example',
      'javascript:alert(1)',
    ]) {
      // The sign-in form posts to its API path (JavaScript off) with the redirect it was given.
      const res = await raw(
        '/api/v1/user/signin',
        form,
        'POST',
        new URLSearchParams({
          email,
          password: 'redirect-pass',
          redirect: target,
          _from: `/login?redirect=${encodeURIComponent(target)}`,
        }).toString(),
      );
      expect(res.status, target).toBe(303);
      expect(res.headers.location, target).toMatch(/^\/(?![/\\])/);
    }
    const viaReferer = await raw(
      '/api/v1/email-subscription',
      { ...form, referer: `${ORIGIN}//evil.example/x` },
      'POST',
      'email=referer%40example.com',
    );
    expect(viaReferer.status).toBe(303);
    expect(viaReferer.headers.location).toBe('/');
  });
});

test.describe('hostile input', () => {
  test('bad percent-encoding answers the envelope or the error page, not text/plain', async () => {
    for (const path of ['/api/v1/all?page=%ZZ', '/api/v1/%ZZ']) {
      const res = await raw(path);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toMatchObject({ status: 400, message: expect.stringContaining('%') });
    }
    for (const path of ['/all/cables?page=%ZZ', '/all/%ZZ']) {
      const res = await raw(path);
      expect(res.status, path).toBe(400);
      expect(res.headers['content-type'], path).toContain('text/html');
      expect(res.body, path).toContain('SORRY');
    }
  });

  test('out-of-range numbers are refused by the API and dropped by the pages', async ({ request }) => {
    for (const path of ['/api/v1/products?tags=9007199254740992', '/api/v1/all?min=1,000,000,000', '/api/v1/all?max=99999999999']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(422);
      expect((await res.json()).status, path).toBe(201);
    }
    for (const path of ['/all/cables?min=1,000,000,000', '/products/products?tags=9007199254740992&min=99999999999']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  test('a NUL byte in the register form (no JavaScript) is a message, not a 500', async ({ request }) => {
    const body = new URLSearchParams({
      name: 'Nul\u0000Byte',
      email: uniqueEmail('nul'),
      password: 'nul-pass-1',
      password_confirmation: 'nul-pass-1',
    });
    const json = await request.post('/api/v1/user/signup', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', origin: ORIGIN },
      data: body.toString(),
    });
    expect(json.status()).toBe(422);
    expect((await json.json()).data.form[0]).toContain('Name contains characters that cannot be saved');
    // The plain form (JavaScript off) comes back to /register, which shows the message.
    body.set('_from', '/register');
    const page = await request.post('/api/v1/user/signup', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: ORIGIN },
      data: body.toString(),
    });
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain('Name contains characters that cannot be saved');
  });

  test('a stalled request body is answered 408 by the body’s idle limit, not left to the server’s minute', async () => {
    // Not timed by the clock: the idle limit's answer is ours (the envelope's sentence), where Node's own
    // requestTimeout (60 s) would answer a bare 408 without a body.
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(PORT, '127.0.0.1', () => {
        socket.write(
          `POST /api/v1/contact HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
        );
      });
      let text = '';
      socket.on('data', (d) => {
        text += d;
        if (text.includes('cancelled')) resolve(text);
      });
      socket.on('close', () => resolve(text));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer).toContain('The request stopped arriving, so it was cancelled. Check your connection and send it again.');
  });
});
