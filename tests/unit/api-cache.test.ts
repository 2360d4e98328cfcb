import { describe, expect, it } from 'vitest';
import { apiKey, mayKeepAnswer, type AnswerFacts } from '@/server/web/api-cache';
import { CACHE } from '@/server/web/cache';

/** The rules of the API answer cache (decision 0025): its key, and which answers may be kept. */
const shared: AnswerFacts = {
  method: 'GET',
  shared: true,
  anonymous: true,
  status: 200,
  setsCookie: false,
  cacheControl: CACHE.catalog,
  degraded: false,
};

describe('the key of a kept API answer', () => {
  const url = (path: string) => new URL(path, 'http://shop.test');
  it('is the same for the same path, query and language', () => {
    expect(apiKey(url('/api/v1/all?page=2'), 'en')).toBe(apiKey(url('/api/v1/all?page=2'), 'en'));
  });
  it('differs by language, path and query', () => {
    const keys = [
      apiKey(url('/api/v1/all?page=2'), 'en'),
      apiKey(url('/api/v1/all?page=2'), 'ar'),
      apiKey(url('/api/v1/all?page=3'), 'en'),
      apiKey(url('/api/v1/all'), 'en'),
      apiKey(url('/api/v1/products?page=2'), 'en'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('ignores the host and the fragment', () => {
    expect(apiKey(new URL('http://a.test/api/v1/home#x'), 'fr')).toBe(apiKey(new URL('http://b.test/api/v1/home'), 'fr'));
  });
});

describe('which API answers are kept', () => {
  it('a public 200 to a GET of an endpoint that opted in, built for nobody in particular', () => {
    expect(mayKeepAnswer(shared)).toBe(true);
    expect(mayKeepAnswer({ ...shared, cacheControl: CACHE.settings })).toBe(true);
  });
  it.each<[string, Partial<AnswerFacts>]>([
    ['an endpoint that did not opt in', { shared: false }],
    ['an answer built for a signed-in caller or a guest token', { anonymous: false }],
    ['a HEAD (its body is not the one a GET gets)', { method: 'HEAD' }],
    ['a POST', { method: 'POST' }],
    ['a 404', { status: 404 }],
    ['a 500', { status: 500 }],
    ['a 304', { status: 304 }],
    ['an answer that set a cookie', { setsCookie: true }],
    ['an answer with a failed part', { degraded: true }],
    ['an answer that says no-store', { cacheControl: CACHE.none }],
    ['an answer that says private', { cacheControl: CACHE.private }],
    ['an answer without Cache-Control', { cacheControl: null }],
  ])('not %s', (_, over) => {
    expect(mayKeepAnswer({ ...shared, ...over })).toBe(false);
  });
});
