import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { compressInWorker, workerBacklog } from '@/server/web/compress-worker';

/**
 * Compressing an HTML page once, in the thread pool (decision 0024): the guest copy of a catalog page
 * is compressed once per encoding and kept beside it, harder than a streamed page (brotli 5, gzip 9:
 * about 9 % fewer bytes than brotli 4 for half a millisecond more, once per copy); a signed-in
 * shopper's filled copy is compressed in one piece off the main thread for that request alone, so
 * lighter (brotli 2: half the time of brotli 4 for about 8 % more bytes; brotli 1 while two pages
 * already wait for the worker, see BUSY_BACKLOG). scripts/serve.mjs (brotli 4,
 * gzip 6) compresses what streams, and leaves a response that already has a Content-Encoding alone.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** `kept`: compressed once and sent many times; `once`: compressed for one answer. */
export type Effort = 'kept' | 'once';
const brotliAt = (quality: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
});
const SETTINGS = {
  kept: { brotli: brotliAt(5), gzip: { level: 9 } },
  once: { brotli: brotliAt(2), gzip: { level: 6 } },
  /** `once` while earlier pages still wait for the worker: half the CPU again for 5–7 % more bytes. */
  busy: { brotli: brotliAt(1), gzip: { level: 4 } },
} as const;
/**
 * Pages waiting for the worker from which a page compressed for one answer is made lighter: on a
 * saturated two-core machine the worker's CPU is taken from the main thread, and brotli 2 on the
 * 110 KB home page costs 400–580 µs where brotli 1 costs 140–200 (17.2 KB instead of 16.5).
 */
const BUSY_BACKLOG = 2;

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, unless refused with q=0. */
export function pickEncoding(header: string | null): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** The body in that encoding (as it is for identity); in a worker when one runs (web/compress-worker.ts), else in zlib's thread pool. */
export async function encode(body: string | Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  if (encoding === 'identity') return asBytes(body);
  const level = effort === 'once' && workerBacklog() >= BUSY_BACKLOG ? SETTINGS.busy : SETTINGS[effort];
  const options = encoding === 'br' ? brotliFor(level.brotli, body) : level.gzip;
  const inWorker = compressInWorker(body, encoding, options);
  if (inWorker) return inWorker.catch(() => inThreadPool(body, encoding, options));
  return inThreadPool(body, encoding, options);
}

/**
 * Brotli's window fitted to the page (2^16 to 2^22 bytes, the smallest that holds it): the encoder allocates its
 * ring buffer and hash tables from the window, 4 MB by default for a page of 100–200 KB, and glibc keeps what a
 * thread once allocated (decision 0036). A window that holds the whole page compresses it exactly as well.
 */
function brotliFor(base: { params: Record<number, number> }, body: string | Buffer) {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const lgwin = Math.min(22, Math.max(16, Math.ceil(Math.log2(bytes + 1))));
  return {
    params: { ...base.params, [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes },
  };
}

const inThreadPool = (body: string | Buffer, encoding: 'br' | 'gzip', options: object) =>
  encoding === 'br' ? brotli(asBytes(body), options) : gzip(asBytes(body), options);
const asBytes = (body: string | Buffer) => (typeof body === 'string' ? Buffer.from(body) : body);

/** Sets the headers of an encoded body (the compression layer then leaves it alone). */
export function encodedHeaders(headers: Headers, encoding: Encoding, length: number): void {
  if (encoding !== 'identity') headers.set('content-encoding', encoding);
  else headers.delete('content-encoding');
  headers.set('content-length', String(length));
}
