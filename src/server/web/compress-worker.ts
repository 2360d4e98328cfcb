import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Compression beside the main thread (decision 0024). `zlib.brotliCompress` runs in the thread pool,
 * yet a 70 KB page still costs the main thread about 0.4 ms (a stream, a native handle, chunks passed
 * back and forth); posting the page to a worker that compresses it in one synchronous call costs
 * about 0.12 ms, and the main thread is what every request waits for. The worker's code is inline so
 * that the built server needs no file of its own. When no worker can run, the caller falls back to zlib.
 */
const WORKER = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
parentPort.on('message', ({ id, body, encoding, options }) => {
  try {
    const input = Buffer.from(body);
    const out = encoding === 'br' ? zlib.brotliCompressSync(input, options) : zlib.gzipSync(input, options);
    const bytes = out.buffer.slice(out.byteOffset, out.byteOffset + out.length);
    parentPort.postMessage({ id, bytes }, [bytes]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});`;

interface Job {
  resolve: (bytes: Buffer) => void;
  reject: (err: Error) => void;
}

/**
 * The worker's heap (decision 0036). Its young generation at most 6 MB: the worker keeps nothing between pages, and V8
 * would otherwise size it as the main thread's (--max-semi-space-size). Its old generation at most 16 MB: each page
 * arrives as a string of 50–200 KB and becomes a Buffer, and with the limit V8 derives from the machine's memory
 * (gigabytes) the worker collected them only after 40–70 MB had piled up — resident memory the main thread's figures
 * did not show (decision 0036, "Fourth round"). What a worker holds alive is its code, a few MB.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 6, maxOldGenerationSizeMb: 16 };
/**
 * A body (in characters, or bytes for a Buffer) from which the thread pool compresses instead: at most 4 MB in the
 * worker's heap, far under its old generation, so no page can exhaust it (a worker that did would die and take its jobs
 * to the thread pool anyway, see `fail`). Pages are 50–200 KB.
 */
export const WORKER_BODY_LIMIT = 2 * 1024 * 1024;

/** Workers, each with its jobs in flight; one fewer than the CPUs (the main thread has one), 1 to 4. */
const pool: { worker: Worker; jobs: Map<number, Job> }[] = [];
const size = Math.min(4, Math.max(1, os.availableParallelism() - 1));
let nextId = 0;
let broken = false;

function start(): (typeof pool)[number] {
  const worker = new Worker(WORKER, { eval: true, resourceLimits: WORKER_LIMITS });
  const entry = { worker, jobs: new Map<number, Job>() };
  worker.unref();
  worker.on('message', ({ id, bytes, error }: { id: number; bytes?: ArrayBuffer; error?: string }) => {
    const job = entry.jobs.get(id);
    entry.jobs.delete(id);
    if (error || !bytes) job?.reject(new Error(error ?? 'compression failed'));
    else job?.resolve(Buffer.from(bytes));
  });
  const fail = (err: Error) => {
    // A worker that died takes its jobs with it; the next request starts a new one.
    for (const job of entry.jobs.values()) job.reject(err);
    entry.jobs.clear();
    const at = pool.indexOf(entry);
    if (at >= 0) pool.splice(at, 1);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`compression worker exited with code ${code}`)));
  return entry;
}

/** The workers' V8 heaps (Worker#getHeapStatistics, Node 22.16 and 24): what the bound above keeps small. */
export const workerHeaps = () =>
  Promise.all(pool.map((entry) => entry.worker.getHeapStatistics?.() ?? Promise.reject(new Error('getHeapStatistics needs Node 22.16'))));

/** Pages posted to the workers and not yet back. */
export const workerBacklog = () => pool.reduce((n, entry) => n + entry.jobs.size, 0);

/** Compresses in the least busy worker; null when workers cannot be started here (the caller uses zlib). */
export function compressInWorker(body: string | Buffer, encoding: 'br' | 'gzip', options: object): Promise<Buffer> | null {
  if (broken) return null;
  if ((typeof body === 'string' ? body.length : body.byteLength) > WORKER_BODY_LIMIT) return null;
  try {
    while (pool.length < size) pool.push(start());
  } catch {
    broken = true;
    return null;
  }
  const entry = pool.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    entry.jobs.set(id, { resolve, reject });
    // Copied, not moved: should the worker fail, the caller compresses the same body with zlib.
    entry.worker.postMessage({ id, body, encoding, options });
  });
}
