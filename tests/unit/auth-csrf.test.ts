import { describe, expect, it } from 'vitest';
import type { AstroCookies } from 'astro';
import { refuseCrossSite } from '@/server/web/csrf';

const jar = (names: string[]) => ({ has: (n: string) => names.includes(n) }) as unknown as AstroCookies;
const check = (path: string, method: string, headers: Record<string, string>, cookies = ['frontend_session']) =>
  refuseCrossSite({
    request: new Request(`http://shop.test${path}`, { method, headers }),
    url: new URL(`http://shop.test${path}`),
    cookies: jar(cookies),
  });

describe('cross-site request guard', () => {
  it('refuses a cookie-carrying JSON post from another origin with a 403 envelope', async () => {
    const res = check('/api/v1/cart/action', 'POST', { origin: 'https://evil.test', 'content-type': 'application/json' });
    expect(res?.status).toBe(403);
    expect(await res!.json()).toMatchObject({ status: 403, data: { code: 'FORBIDDEN' } });
    expect(check('/api/v1/cart/action', 'DELETE', { referer: 'https://evil.test/page' })?.status).toBe(403);
    expect(check('/api/v1/cart/action', 'POST', { origin: 'null' })?.status).toBe(403);
    expect(check('/login', 'POST', { origin: 'https://evil.test' }, ['frontend_guest'])?.status).toBe(403);
  });

  it('refuses a cross-site form post even without our cookies (a forged sign-in), as plain text on pages', async () => {
    const form = { origin: 'https://evil.test', 'content-type': 'application/x-www-form-urlencoded' };
    const res = check('/login', 'POST', form, []);
    expect(res?.status).toBe(403);
    expect(await res!.text()).toContain('another site');
    expect(check('/api/v1/user/signin', 'POST', { ...form, 'content-type': 'multipart/form-data; boundary=x' }, [])?.status).toBe(403);
    expect(check('/login', 'POST', { ...form, origin: 'http://shop.test' }, [])).toBeNull();
  });

  it("lets an API client delete with a Bearer token and no Origin (Astro's own check refused it)", () => {
    expect(check('/api/v1/user/card/3', 'DELETE', { authorization: 'Bearer token' }, [])).toBeNull();
  });

  it('lets through our own origin, safe methods, Bearer-only calls and non-browser clients', () => {
    expect(check('/api/v1/cart/action', 'POST', { origin: 'http://shop.test' })).toBeNull();
    expect(check('/api/v1/cart/action', 'POST', { referer: 'http://shop.test/cart' })).toBeNull();
    expect(check('/api/v1/user/logout', 'GET', { origin: 'https://evil.test' })).toBeNull();
    expect(check('/api/v1/cart/action', 'POST', { origin: 'https://app.test', authorization: 'Bearer x' }, [])).toBeNull();
    expect(check('/api/v1/cart/action', 'POST', {})).toBeNull();
  });
});
