import { describe, expect, it } from 'vitest';
import { countryOf, decideRegional, type RegionalInput } from '@/server/core/regional';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const input = (over: Partial<RegionalInput> = {}): RegionalInput => ({
  method: 'GET',
  url: new URL('http://shop.test/all/cables?sort=price_asc'),
  accept: 'text/html,application/xhtml+xml',
  userAgent: CHROME,
  country: 'IN',
  stayCookie: false,
  config: { country: 'IN', url: 'https://in.shop.test/' },
  ...over,
});

describe('the regional redirect', () => {
  it('sends a visitor from the configured country to the same path on the regional shop', () => {
    expect(decideRegional(input())).toEqual({ kind: 'redirect', location: 'https://in.shop.test/all/cables?sort=price_asc' });
    expect(decideRegional(input({ config: { country: 'IN', url: 'https://shop.test/in' } }))).toEqual({
      kind: 'redirect',
      location: 'https://shop.test/in/all/cables?sort=price_asc',
    });
  });

  it('is off without a configuration and leaves other countries and unknown ones alone', () => {
    expect(decideRegional(input({ config: {} }))).toEqual({ kind: 'none' });
    expect(decideRegional(input({ country: 'US' }))).toEqual({ kind: 'none' });
    expect(decideRegional(input({ country: null }))).toEqual({ kind: 'none' });
  });

  it('never redirects bots, API calls, non-page requests, posts, or someone who chose to stay', () => {
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      '',
      null,
    ]) {
      expect(decideRegional(input({ userAgent: ua }))).toEqual({ kind: 'none' });
    }
    expect(decideRegional(input({ url: new URL('http://shop.test/api/v1/common') }))).toEqual({ kind: 'none' });
    expect(decideRegional(input({ accept: 'image/avif,image/webp' }))).toEqual({ kind: 'none' });
    expect(decideRegional(input({ method: 'POST' }))).toEqual({ kind: 'none' });
    expect(decideRegional(input({ stayCookie: true }))).toEqual({ kind: 'none' });
  });

  it('remembers a "stay here" choice made with ?stay_here=1', () => {
    expect(decideRegional(input({ url: new URL('http://shop.test/?stay_here=1') }))).toEqual({ kind: 'stay' });
  });
});

describe('the visitor country', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  it('comes only from a trusted proxy header', () => {
    expect(countryOf(headers({ 'cf-ipcountry': 'in' }), true)).toBe('IN');
    expect(countryOf(headers({ 'cf-ipcountry': 'IN' }), false)).toBeNull();
    expect(countryOf(headers({ 'cloudfront-viewer-country': 'DE' }), true)).toBe('DE');
  });
  it('is unknown for missing, malformed, XX and Tor values', () => {
    for (const v of ['', 'XX', 'T1', 'IND', '1N']) expect(countryOf(headers({ 'cf-ipcountry': v }), true)).toBeNull();
    expect(countryOf(headers({}), true)).toBeNull();
  });
});
