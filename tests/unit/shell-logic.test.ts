import { describe, expect, it } from 'vitest';
import { cartCountOf, dismissKey, encodeNotices, firstWord, readCookie, shouldSearch } from '@/islands/shell/logic';
import { addLayoutHashes, themeCss } from '@/server/web/csp-hashes';
import { BOOT_SCRIPT } from '@/lib/boot-script';
import { createHash } from 'node:crypto';
import { SiteSettingSchema } from '@/lib/schemas/settings';

describe('firstWord', () => {
  it('takes the first word of the name for the Account label', () => {
    expect(firstWord('Ada Lovelace')).toBe('Ada');
    expect(firstWord('  Grace   Brewster Hopper ')).toBe('Grace');
    expect(firstWord('Cher')).toBe('Cher');
    expect(firstWord('')).toBe('');
  });
});

describe('shouldSearch', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });
  it('ignores empty or blank text', () => {
    expect(shouldSearch('', at('/'))).toBe(false);
    expect(shouldSearch('   ', at('/'))).toBe(false);
  });
  it('does not navigate when the same search is already shown', () => {
    expect(shouldSearch(' cable ', at('/search', '?q=cable'))).toBe(false);
    expect(shouldSearch('cable', at('/search', '?q=charger'))).toBe(true);
    expect(shouldSearch('cable', at('/', '?q=cable'))).toBe(true);
  });
});

describe('cart badge', () => {
  it('reads the cart_count cookie', () => {
    expect(readCookie('a=1; cart_count=3; b=x', 'cart_count')).toBe('3');
    expect(readCookie('a=1', 'cart_count')).toBeNull();
  });
  it('shows only positive whole counts', () => {
    expect(cartCountOf('3')).toBe(3);
    expect(cartCountOf('0')).toBeNull();
    expect(cartCountOf('junk')).toBeNull();
    expect(cartCountOf(undefined)).toBeNull();
    expect(cartCountOf('5000')).toBe(999);
  });
});

describe('notices', () => {
  it('names the localStorage key the boot script reads', () => {
    const list = encodeNotices([
      { name: 'top-banner', version: '2' },
      { name: 'cookie', version: '1' },
    ]);
    expect(list).toBe('top-banner:2 cookie:1');
    expect(dismissKey({ name: 'top-banner', version: '2' })).toBe('voltmart:dismissed:top-banner:2');
    expect(BOOT_SCRIPT).toContain('voltmart:dismissed:');
  });
});

describe('layout CSP hashes', () => {
  const site = SiteSettingSchema.parse({});
  const sha = (t: string) => `'sha256-${createHash('sha256').update(t).digest('base64')}'`;
  it('adds the boot script and theme style hashes to a page CSP once', () => {
    const headers = new Headers({ 'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self'" });
    addLayoutHashes(headers, site);
    addLayoutHashes(headers, site);
    const csp = headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' 'sha256-a' ${sha(BOOT_SCRIPT)};`);
    expect(csp).toContain(`style-src 'self' ${sha(themeCss(site))}`);
    expect(csp.split(sha(BOOT_SCRIPT)).length).toBe(2);
  });
  it('gives the same page header the new theme hash when the colours change', () => {
    const page = "default-src 'self'; script-src 'self'; style-src 'self'";
    const green = new Headers({ 'content-security-policy': page });
    addLayoutHashes(green, site);
    const red = { ...site, primary_color: '#aa0000' };
    const after = new Headers({ 'content-security-policy': page });
    addLayoutHashes(after, red);
    expect(green.get('content-security-policy')).toContain(sha(themeCss(site)));
    expect(after.get('content-security-policy')).toContain(sha(themeCss(red)));
    expect(after.get('content-security-policy')).not.toContain(sha(themeCss(site)));
  });
  it('leaves the strict API policy alone', () => {
    const headers = new Headers({ 'content-security-policy': "default-src 'none'" });
    addLayoutHashes(headers, site);
    expect(headers.get('content-security-policy')).toBe("default-src 'none'");
  });
  it('refuses a colour that could break out of the style', () => {
    expect(themeCss({ ...site, primary_color: 'red}</style><script>' })).not.toContain('<');
  });
});
