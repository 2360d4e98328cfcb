import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AstroCookies } from 'astro';
import { CROSS_SITE_MESSAGE, refuseCrossSite } from '@/server/web/csrf';

/**
 * The cross-site guard's rules one by one (src/server/http/csrf.ts), each test written to fail on a
 * plausible slip: an origin matched by prefix, a text/plain body not treated as a form, a test-only
 * exemption that outlives the test build.
 */
const jar = (names: string[]) => ({ has: (n: string) => names.includes(n) }) as unknown as AstroCookies;
const check = (path: string, method: string, headers: Record<string, string>, cookies: string[] = [], base = 'http://shop.test') =>
  refuseCrossSite({ request: new Request(`${base}${path}`, { method, headers }), url: new URL(`${base}${path}`), cookies: jar(cookies) });
const form = (origin: string) => ({ origin, 'content-type': 'application/x-www-form-urlencoded' });
const testBuild = globalThis as { __VOLTMART_TEST_ROUTES__?: boolean };

afterEach(() => {
  vi.unstubAllEnvs();
  delete testBuild.__VOLTMART_TEST_ROUTES__;
});

describe('which origins are ours', () => {
  it('refuses look-alike origins that merely start or end like ours', () => {
    for (const origin of [
      'http://shop.test.evil.example',
      'http://shop.test:80.evil.example',
      'http://shop.tester',
      'http://evil.example/http://shop.test',
      'https://shop.test',
      'http://shop.test:8080',
      'http://sub.shop.test',
    ]) {
      expect(check('/login', 'POST', form(origin))?.status, origin).toBe(403);
    }
  });

  it('refuses a look-alike of PUBLIC_URL as well, and accepts PUBLIC_URL itself behind a proxy', async () => {
    vi.stubEnv('PUBLIC_URL', 'https://voltmart.example');
    vi.resetModules(); // getEnv() caches the environment it read first
    const fresh = (await import('@/server/web/csrf')).refuseCrossSite;
    const behindProxy = (origin: string) => {
      const url = 'http://10.0.0.5:4321/login';
      return fresh({ request: new Request(url, { method: 'POST', headers: form(origin) }), url: new URL(url), cookies: jar([]) });
    };
    expect(behindProxy('https://voltmart.example')).toBeNull();
    expect(behindProxy('http://10.0.0.5:4321')).toBeNull();
    expect(behindProxy('https://voltmart.example.evil.example')?.status).toBe(403);
    expect(behindProxy('https://voltmart.exampl')?.status).toBe(403);
  });

  it('takes the sender from Referer when Origin is absent, and refuses a broken Referer', () => {
    expect(
      check('/login', 'POST', { referer: 'http://shop.test.evil.example/x', 'content-type': 'application/x-www-form-urlencoded' })?.status,
    ).toBe(403);
    expect(
      check('/login', 'POST', { referer: 'http://shop.test/login?x=1', 'content-type': 'application/x-www-form-urlencoded' }),
    ).toBeNull();
    expect(check('/login', 'POST', { referer: 'not a url', 'content-type': 'application/x-www-form-urlencoded' })?.status).toBe(403);
  });
});

describe('which bodies are forms', () => {
  it('treats a text/plain body as a form: refused cross-site even without our cookies', async () => {
    // body.ts reads text/plain as JSON, so a cross-site <form enctype="text/plain"> could post a sign-in.
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'TEXT/PLAIN']) {
      const res = check('/api/v1/user/signin', 'POST', { origin: 'https://evil.test', 'content-type': type });
      expect(res?.status, type).toBe(403);
      expect(await res!.json()).toMatchObject({ status: 403, message: CROSS_SITE_MESSAGE, data: { code: 'FORBIDDEN' } });
    }
  });

  it('answers a page form with the message as plain text, never cached', async () => {
    const res = check('/login', 'POST', form('https://evil.test'));
    expect(res?.status).toBe(403);
    expect(res!.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res!.headers.get('cache-control')).toBe('no-store');
    expect(await res!.text()).toBe(CROSS_SITE_MESSAGE);
  });

  it('lets a cookie-less JSON call from another origin through (no cookie, nothing to forge)', () => {
    expect(check('/api/v1/user/signin', 'POST', { origin: 'https://app.test', 'content-type': 'application/json' })).toBeNull();
    expect(check('/api/v1/user/signin', 'PUT', { origin: 'https://app.test' })).toBeNull();
  });

  it('checks every unsafe method with our cookies, in any letter case, and no safe one', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(check('/api/v1/user/profile', method, { origin: 'https://evil.test' }, ['frontend_session'])?.status, method).toBe(403);
      expect(check('/api/v1/user/profile', method, { origin: 'https://evil.test' }, ['frontend_guest'])?.status, method).toBe(403);
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(check('/api/v1/user/profile', method, { origin: 'https://evil.test' }, ['frontend_session']), method).toBeNull();
    }
  });
});

describe('the /test-only/ exemption', () => {
  const forged = () =>
    check('/test-only/session', 'POST', { origin: 'https://evil.test', 'content-type': 'text/plain' }, ['frontend_session']);

  it('does not exist in a production build, whatever ENABLE_TEST_ROUTES says', () => {
    vi.stubEnv('ENABLE_TEST_ROUTES', '1');
    expect(forged()?.status).toBe(403);
  });

  it('does not exist in the test build unless ENABLE_TEST_ROUTES=1', () => {
    testBuild.__VOLTMART_TEST_ROUTES__ = true;
    vi.stubEnv('ENABLE_TEST_ROUTES', '');
    expect(forged()?.status).toBe(403);
  });

  it('exists only for /test-only/ paths of the test build with ENABLE_TEST_ROUTES=1', () => {
    testBuild.__VOLTMART_TEST_ROUTES__ = true;
    vi.stubEnv('ENABLE_TEST_ROUTES', '1');
    expect(forged()).toBeNull();
    expect(check('/test-onlyx/session', 'POST', { origin: 'https://evil.test', 'content-type': 'text/plain' })?.status).toBe(403);
    expect(check('/api/v1/test-only/session', 'POST', { origin: 'https://evil.test', 'content-type': 'text/plain' })?.status).toBe(403);
  });
});
