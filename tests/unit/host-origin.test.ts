import { describe, expect, it } from 'vitest';
import { getEnv } from '@/server/core/env';
import { publicOrigin } from '@/server/core/origin';
import { foreignHost, isShopHost, normaliseHost } from '@/server/web/host';

const env = (vars: Record<string, string> = {}) => getEnv({ PORT: '4321', HOST: '127.0.0.1', ...vars });
const req = (host: string | null, more: Record<string, string> = {}) =>
  new Request('http://127.0.0.1:4321/', { headers: { ...(host === null ? {} : { host }), ...more } });

describe('the public origin comes from configuration only', () => {
  it('is PUBLIC_URL, else http://HOST:PORT (a wildcard HOST reads as localhost)', () => {
    expect(publicOrigin(env({ PUBLIC_URL: 'https://shop.example.com/some/path' }))).toBe('https://shop.example.com');
    expect(publicOrigin(env())).toBe('http://127.0.0.1:4321');
    expect(publicOrigin(env({ HOST: '0.0.0.0', PORT: '8080' }))).toBe('http://localhost:8080');
    expect(publicOrigin(env({ HOST: '::1' }))).toBe('http://[::1]:4321');
  });

  it('refuses to start a production or HTTPS shop without PUBLIC_URL, saying what to set', () => {
    expect(() => env({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required when NODE_ENV=production or SECURE_COOKIES is set/);
    expect(() => env({ SECURE_COOKIES: 'true' })).toThrow(/PUBLIC_URL=https:\/\/shop.example.com/);
    expect(env({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' }).PUBLIC_URL).toBe('https://shop.example.com');
    expect(env({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });
});

describe('the Host a request names', () => {
  it('is read strictly: a name or address and a port, nothing else', () => {
    expect(normaliseHost('Shop.Example.com.')).toBe('shop.example.com');
    expect(normaliseHost('shop.example.com:443')).toBe('shop.example.com');
    expect(normaliseHost('127.0.0.1:4321')).toBe('127.0.0.1:4321');
    expect(normaliseHost('[::1]:4321')).toBe('[::1]:4321');
    for (const bad of [
      '[bad',
      'a b',
      '127.0.0.1:99999',
      'evil.example/x',
      'user@evil.example',
      '',
      ':80',
      'evil.example:80:80',
      'a\u0000b',
    ]) {
      expect(normaliseHost(bad), bad).toBeNull();
    }
  });

  it('must be the shop: PUBLIC_URL, HOST:PORT, loopback names on PORT, or ALLOWED_HOSTS', () => {
    const e = env({ PUBLIC_URL: 'https://shop.example.com', ALLOWED_HOSTS: 'www.shop.example.com, admin.example.com:9000' });
    for (const good of [
      'shop.example.com',
      'SHOP.example.com',
      '127.0.0.1:4321',
      'localhost:4321',
      '[::1]:4321',
      'www.shop.example.com',
      'www.shop.example.com:8443',
      'admin.example.com:9000',
    ]) {
      expect(isShopHost(good, e), good).toBe(true);
    }
    for (const bad of [
      'evil.example',
      'shop.example.com.evil.example',
      'localhost:4322',
      '127.0.0.1',
      'admin.example.com:9001',
      '[bad',
      '127.0.0.1:99999',
    ]) {
      expect(isShopHost(bad, e), bad).toBe(false);
    }
  });

  it('checks X-Forwarded-Host the same way, only behind TRUST_PROXY', () => {
    const url = new URL('http://127.0.0.1:4321/');
    expect(foreignHost(req('evil.example'), url, env())).toBe('evil.example');
    expect(foreignHost(req('127.0.0.1:4321'), url, env())).toBeNull();
    expect(foreignHost(req(null), url, env())).toBeNull(); // a request with no Host: the URL's own
    expect(foreignHost(req('127.0.0.1:4321', { 'x-forwarded-host': 'evil.example' }), url, env())).toBeNull(); // not trusted: not used
    const proxied = env({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://shop.example.com' });
    expect(foreignHost(req('127.0.0.1:4321', { 'x-forwarded-host': 'evil.example, shop.example.com' }), url, proxied)).toBe('evil.example');
    expect(foreignHost(req('127.0.0.1:4321', { 'x-forwarded-host': 'shop.example.com' }), url, proxied)).toBeNull();
  });
});
