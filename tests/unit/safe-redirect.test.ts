import { describe, expect, it } from 'vitest';
import { localPath, localPathOfUrl } from '@/lib/safe-redirect';
import { sameOriginPath } from '@/lib/social';
import { safeRedirect } from '@/server/core/redirect';

/** Every way we know to make a "local" redirect leave the site; each must be refused by every caller. */
const BYPASSES = [
  '//evil.example/x',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/.//evil.example/phish',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2e//evil.example',
  '/%2f%2fevil.example',
  '/%2F%2Fevil.example',
  '/%252f%252fevil.example',
  '/%5cevil.example',
  '/%5Cevil.example',
  '/%255cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '/%00/evil.example',
  ' //evil.example',
  '\t//evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '/javascript:alert(1)//%0a',
  'data:text/html,x',
  'http://evil.example/',
  'https:evil.example',
  'http:/evil.example',
  '//evil.example@shop',
  'evil.example',
  '',
  '%2f%2fevil.example',
  `/${'a'.repeat(3000)}`,
  '/%zz',
  '/%',
];

describe('the one redirect rule (localPath)', () => {
  it.each(BYPASSES)('refuses %j', (bad) => {
    expect(localPath(bad)).toBeNull();
    expect(sameOriginPath(bad)).toBeNull();
    expect(safeRedirect(bad)).toBe('/');
  });

  it('keeps a plain path with its query and fragment, normalised', () => {
    expect(localPath('/user/orders?page=2#top')).toBe('/user/orders?page=2#top');
    expect(localPath('/cart')).toBe('/cart');
    expect(localPath('/all/cables/../chargers')).toBe('/all/chargers');
    expect(localPath('/search?q=usb%20c')).toBe('/search?q=usb%20c');
    expect(localPath('/')).toBe('/');
  });

  it('never returns something a browser would read as another host', () => {
    for (const bad of BYPASSES) {
      const out = safeRedirect(bad);
      expect(new URL(out, 'http://shop.test').host, bad).toBe('shop.test');
    }
  });

  it('takes a Referer only from our own origins, and only its safe path', () => {
    const origins = ['http://shop', 'https://shop.example.com'];
    expect(localPathOfUrl('http://shop/user/addresses?add=1', origins)).toBe('/user/addresses?add=1');
    expect(localPathOfUrl('https://shop.example.com/cart', origins)).toBe('/cart');
    expect(localPathOfUrl('http://shop//evil.example/x', origins)).toBeNull();
    expect(localPathOfUrl('http://shop/.//evil.example/x', origins)).toBeNull();
    expect(localPathOfUrl('http://shop.evil.example/x', origins)).toBeNull();
    expect(localPathOfUrl('http://shop@evil.example/x', origins)).toBeNull();
    expect(localPathOfUrl('https://evil.example/x', origins)).toBeNull();
    expect(localPathOfUrl(null, origins)).toBeNull();
  });

  it('takes paths up to 1,000 characters and refuses longer ones', () => {
    const path = (n: number) => `/${'a'.repeat(n - 1)}`;
    expect(localPath(path(1000))).toBe(path(1000));
    expect(localPath(path(1001))).toBeNull();
  });

  it('decodes at most three rounds: a slash hidden under four encodings stays a harmless path on this site', () => {
    // `%2f` encoded three more times; decoding stops before it becomes `//evil.example`, so the browser
    // is sent to a literal, encoded path of ours (a 404 at worst), never to another host.
    const fourTimes = '/%2525252f%2525252fevil.example';
    expect(localPath(fourTimes)).toBe(fourTimes);
    expect(localPath('/%25252f%25252fevil.example')).toBeNull(); // three encodings: decoded, refused
  });
});
