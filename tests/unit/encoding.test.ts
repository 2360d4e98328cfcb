import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WORKER_BODY_LIMIT, workerBacklog, workerHeaps } from '@/server/web/compress-worker';
import { encode, type Effort } from '@/server/web/encoding';

/**
 * Compressing a page once (decision 0024): in a worker beside the main thread, each answer must come
 * back to the request that asked for it, and decompress to exactly the page, in every encoding.
 */
const page = (n: number) => `<!doctype html><html lang="ar"><body><h1>صفحة ${n}</h1>${'<p>Voltmart ⚡ </p>'.repeat(200 + n)}</body></html>`;
const decode = (bytes: Buffer, encoding: string) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString('utf8');

describe('encode', () => {
  for (const effort of ['kept', 'once'] as Effort[])
    for (const encoding of ['br', 'gzip', 'identity'] as const)
      it(`gives ${encoding} bytes of the whole page (${effort})`, async () => {
        const bytes = await encode(page(1), encoding, effort);
        if (encoding !== 'identity') expect(bytes.length).toBeLessThan(Buffer.byteLength(page(1)) / 5);
        expect(decode(bytes, encoding)).toBe(page(1));
      });

  it('gives each of many pages compressed at once its own bytes', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => page(i));
    const encoded = await Promise.all(pages.map((body, i) => encode(body, i % 2 ? 'br' : 'gzip', i % 3 ? 'once' : 'kept')));
    encoded.forEach((bytes, i) => expect(decode(bytes, i % 2 ? 'br' : 'gzip')).toBe(pages[i]));
  });

  it('compresses harder what is kept than what is sent once', async () => {
    // Real text, as varied as a page's: the shop's English messages.
    const dir = path.join(import.meta.dirname, '../../src/i18n/locales/en');
    const body = fs
      .readdirSync(dir)
      .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
      .join('');
    const [kept, once] = await Promise.all([encode(body, 'br', 'kept'), encode(body, 'br', 'once')]);
    expect(kept.length).toBeLessThan(once.length);
  });

  it('compresses a page sent once at brotli 2, and at brotli 1 while two pages already wait for the worker', async () => {
    const body = fs.readFileSync(path.join(import.meta.dirname, '../../src/i18n/locales/en/shell.json'), 'utf8').repeat(20);
    const bytes = Buffer.byteLength(body);
    const at = (quality: number) =>
      zlib.brotliCompressSync(Buffer.from(body), {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(bytes + 1)))),
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
        },
      });
    expect((await encode(body, 'br', 'once')).equals(at(2))).toBe(true);
    const [, , third] = await Promise.all([encode(body, 'br', 'kept'), encode(body, 'br', 'kept'), encode(body, 'br', 'once')]);
    expect(third.equals(at(1))).toBe(true);
    expect(third.length).toBeGreaterThan(at(2).length);
    expect(decode(third, 'br')).toBe(body);
  });

  it("fits brotli's window to the page: no bigger than the page needs, 64 KB at least, 4 MB at most", async () => {
    // The window a brotli stream declares is in its first byte(s); decompressing checks the bytes are whole.
    const windowOf = (bytes: Buffer) => {
      const first = bytes[0]!;
      if ((first & 1) === 0) return 16;
      if (((first >> 1) & 7) !== 0) return 17 + ((first >> 1) & 7);
      const m = (first >> 4) & 7;
      return m === 0 ? 17 : 8 + m;
    };
    for (const [size, lgwin] of [
      [1_000, 16],
      [100_000, 17],
      [200_000, 18],
      [5_000_000, 22],
    ] as const) {
      const body = Array.from({ length: Math.ceil(size / 16) }, (_, i) => `<p>${(i * 7919) % 100_000}</p>`.padEnd(16, ' '))
        .join('')
        .slice(0, size);
      const bytes = await encode(body, 'br', 'once');
      expect(windowOf(bytes), `${size} bytes`).toBe(lgwin);
      expect(decode(bytes, 'br')).toBe(body);
    }
  });
});

describe('the compression worker', () => {
  it('compresses pages beside the main thread, and a body over its limit in the thread pool', async () => {
    const small = encode(page(2), 'br', 'once');
    expect(workerBacklog()).toBe(1);
    expect(decode(await small, 'br')).toBe(page(2));
    const big = 'Voltmart ⚡ '.repeat(Math.ceil(WORKER_BODY_LIMIT / 10) + 1);
    const large = encode(big, 'gzip', 'once');
    expect(workerBacklog()).toBe(0);
    expect(decode(await large, 'gzip')).toBe(big);
  });

  it('runs with a bounded heap (decision 0036: unbounded, it kept 40–70 MB of pages)', async () => {
    // Distinct pages of ~180 KB each, two at a time as a busy server sends them.
    for (let i = 0; i < 200; i += 2) {
      const pages = [page(5000 + i), page(5001 + i)];
      const encoded = await Promise.all(pages.map((body) => encode(body, 'gzip', 'once')));
      encoded.forEach((bytes, n) => expect(decode(bytes, 'gzip')).toBe(pages[n]));
    }
    const heaps = await workerHeaps();
    expect(heaps.length).toBeGreaterThan(0);
    const mb = (bytes: number) => bytes / 1048576;
    for (const heap of heaps) {
      // The limit V8 applies: 16 MB old + 6 MB young (rounded by V8), where the machine's memory would give gigabytes.
      expect(mb(heap.heap_size_limit)).toBeLessThanOrEqual(32);
      expect(mb(heap.total_heap_size + heap.external_memory)).toBeLessThanOrEqual(32);
    }
  });
});
