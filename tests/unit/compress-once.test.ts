import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { compressedOnce } from '@/server/web/compress-once';

/** server/web/compress-once.ts: a page that asks for it goes out in one encoded piece; everything else as it came. */
const ctx = (compressOnce: boolean, acceptEncoding = 'gzip, br', method = 'GET') =>
  ({
    locals: { compressOnce },
    request: new Request('http://shop.test/cart', { method, headers: { 'accept-encoding': acceptEncoding } }),
  }) as unknown as APIContext;
const page = (body = '<p>' + 'cart '.repeat(400) + '</p>', init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html', 'cache-control': 'private, no-store' }, ...init });

describe('compressedOnce', () => {
  it('sends the whole page brotli-encoded with its length and Vary, keeping the other headers', async () => {
    const body = '<p>' + 'cart '.repeat(400) + '</p>';
    const res = await compressedOnce(ctx(true), page(body));
    expect(res.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(body);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('takes gzip or nothing when that is what the browser accepts', async () => {
    const gz = await compressedOnce(ctx(true, 'gzip'), page('<p>hi</p>'));
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('<p>hi</p>');
    const plain = await compressedOnce(ctx(true, ''), page('<p>hi</p>'));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('<p>hi</p>');
  });

  it('leaves alone a page that did not ask, another status, and anything not HTML', async () => {
    const notAsked = page();
    expect(await compressedOnce(ctx(false), notAsked)).toBe(notAsked);
    const redirect = new Response(null, { status: 302, headers: { location: '/login' } });
    expect(await compressedOnce(ctx(true), redirect)).toBe(redirect);
    const json = new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    expect(await compressedOnce(ctx(true), json)).toBe(json);
  });
});
