// Serves the built shop: Astro's app (the node adapter in middleware mode) and the built files, behind brotli/gzip compression.
// `@astrojs/node` sends responses uncompressed (DESIGN.md), so the app compresses here.
import http from 'node:http';
import compression from 'compression';
import send from 'send';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { answerBadRequest, isClientGone, rawRequestProblem } from './request-guard.mjs';
import { log, withRequestId } from '../src/server/core/logger.mjs';
import { frontDoorAnswer, frontDoorKey } from '../src/server/web/front-door.mjs';
import { currentDemoTemplate } from './demo-template.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// `npm start -- --setup`: a shop that is not installed yet starts the install wizard (src/server/install).
if (process.argv.includes('--setup')) process.env.SETUP = '1';
process.env.ASTRO_NODE_LOGGING ??= 'disabled';
// The demo shop prepared beside the build, when current, for an empty data folder (src/server/demo/template.ts).
process.env.VOLTMART_DEMO_TEMPLATE ??= currentDemoTemplate() ?? '';

// `--build dist-e2e` serves the end-to-end build (with /test-only/*; playwright.config.ts); the default is the production build.
const buildAt = process.argv.indexOf('--build');
const buildDir = buildAt > 0 ? process.argv[buildAt + 1] : 'dist';
const entry = new URL(`../${buildDir}/server/entry.mjs`, import.meta.url);
const { handler } = await import(entry.href);

/**
 * The built files (`dist/client`: scripts, styles, images), listed once at start, so that a page request
 * costs no file-system look-up: only a listed path goes to `send` (as the adapter's standalone server
 * did), everything else straight to the app. (The standalone server tried every request as a file
 * first: a synchronous `lstat` and `send`'s `stat` before each page.)
 */
const clientDir = fileURLToPath(new URL(`../${buildDir}/client`, import.meta.url));
const builtFiles = new Set(
  fs
    .readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        '/' +
        path
          .relative(clientDir, path.join(entry.parentPath ?? entry.path, entry.name))
          .split(path.sep)
          .join('/'),
    ),
);

/** Sends a built file when the path names one; otherwise calls `next`. */
function serveFile(req, res, next) {
  const target = req.url ?? '/';
  const query = target.indexOf('?');
  let pathname = query >= 0 ? target.slice(0, query) : target;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    return next();
  }
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !builtFiles.has(pathname)) return next();
  const stream = send(req, pathname, { root: clientDir, dotfiles: 'allow' });
  // Astro's hashed bundles never change under their name.
  if (pathname.startsWith('/_astro/')) stream.on('headers', (r) => r.setHeader('cache-control', 'public, max-age=31536000, immutable'));
  stream.on('error', () => next());
  stream.pipe(res);
}

const compress = compression({
  threshold: 1024,
  // A 256 KB window (brotli's default is 4 MB): a streamed page is 100–200 KB, and the encoder's ring buffer and
  // hash tables are sized from the window for every response in flight (decision 0036).
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  level: 6,
});

/**
 * `compression` replaces res.write and drops its callback. Astro's adapter, when a page fails in the
 * middle of streaming, writes a last chunk and destroys the response in that callback, so without
 * this the connection would hang for ever on every compressed response.
 */
function keepWriteCallbacks(res) {
  const write = res.write;
  res.write = function writeKeepingCallback(chunk, encoding, callback) {
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    const result = write.call(this, chunk, encoding);
    if (typeof callback === 'function') process.nextTick(callback);
    return result;
  };
}

/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (at most GRACE_MS; keep-alive
 * connections are closed after their current answer), then run the app's last steps (src/server/core/
 * shutdown.ts: queued mail, closing the database) and exit 0. Returns whether the server is draining.
 */
function shutDownGracefully(server) {
  let draining = false;
  const stop = async (signal) => {
    if (draining) return;
    draining = true;
    log.info({ signal, grace_ms: GRACE_MS }, 'shutdown: finishing the requests in flight');
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS);
    await closed;
    clearTimeout(cut);
    for (const hook of globalThis[Symbol.for('voltmart.shutdown')] ?? []) {
      await hook().catch((err) => log.error({ err }, 'shutdown: a last step failed'));
    }
    log.info('shutdown done');
    await new Promise((resolve) => log.flush(() => resolve(undefined)));
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return () => draining;
}

/** The request's id: the proxy's `X-Request-Id` when we trust the proxy and it is sane, else a new one. */
const TRUST_PROXY = ['1', 'true'].includes(process.env.TRUST_PROXY ?? '');
const SANE_ID = /^[A-Za-z0-9._:-]{1,100}$/;
function requestId(req) {
  const given = req.headers['x-request-id'];
  return TRUST_PROXY && typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * One JSON line per answered request with LOG_REQUESTS=true; answers of 500 and above always. The
 * query string is left out (reset links and search words are not the log's business), and headers
 * (cookies, authorization) are never logged.
 */
const LOG_REQUESTS = ['1', 'true'].includes(process.env.LOG_REQUESTS ?? '');
function logWhenAnswered(req, res, id) {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const failed = res.statusCode >= 500;
    if (!failed && !LOG_REQUESTS) return;
    const line = {
      req_id: id,
      method: req.method,
      path: (req.url ?? '/').split('?')[0],
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
    };
    if (failed) log.error(line, 'request failed');
    else log.info(line, 'request');
  });
}

let draining = () => false;

function answer(req, res) {
  // A client that hangs up mid-request is not an error of ours: swallow its socket errors quietly.
  req.on('error', (err) => {
    if (!isClientGone(err)) log.error({ err }, 'http: request error');
  });
  res.on('error', (err) => {
    if (!isClientGone(err)) log.error({ err }, 'http: response error');
  });
  // While shutting down, each connection closes after its answer, so none is left for a new request.
  if (draining()) res.setHeader('connection', 'close');
  // Liveness: the process is up and answering; it does not touch the database (that is /readyz).
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    return res.end(JSON.stringify({ status: 'ok', uptime_s: Math.round(process.uptime()) }));
  }
  const problem = rawRequestProblem(req);
  if (problem) return answerBadRequest(req, res, problem);
  // A guest's page the app has just answered from its page cache, asked again the same way (front-door.mjs).
  const key = frontDoorKey(req.method, req.url, req.headers);
  const known = key && frontDoorAnswer(key);
  if (known) {
    res.writeHead(known.status, known.headers);
    return res.end(req.method === 'HEAD' ? undefined : known.bytes);
  }
  const locals = key ? { frontDoorKey: key } : undefined;
  compress(req, res, () => {
    keepWriteCallbacks(res);
    serveFile(req, res, () => handler(req, res, undefined, locals));
  });
}

/** Starts the HTTP server; resolves once the database is migrated and the first page answers. */
export async function serve({ port = Number(process.env.PORT ?? 4321), host = process.env.HOST ?? '127.0.0.1' } = {}) {
  const server = http.createServer((req, res) => {
    const id = requestId(req);
    res.setHeader('x-request-id', id);
    logWhenAnswered(req, res, id);
    withRequestId(id, () => answer(req, res));
  });
  server.keepAliveTimeout = 65_000;
  // Slow clients are bounded (slowloris): headers within 15 s, a whole request within 60 s. A body that
  // stops arriving is refused sooner, after BODY_IDLE_MS without a byte (src/server/web/body.ts).
  server.headersTimeout = 15_000;
  // Not before the first answer below: it migrates and may load the demo shop, minutes on a busy machine, and
  // Node answers 408 to a request still unanswered at requestTimeout (seen at load 28: the start failed).
  server.requestTimeout = 0;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  draining = shutDownGracefully(server);
  const address = server.address();
  const listening = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host;
  const origin = `http://${listening.includes(':') ? `[${listening}]` : listening}:${typeof address === 'object' && address ? address.port : port}`;
  // The first request opens, migrates and (on an empty database) seeds; do it now rather than on a shopper's request.
  const res = await fetch(`${origin}/api/v1/health`);
  if (!res.ok) throw new Error(`Health check failed with HTTP ${res.status}`);
  server.requestTimeout = 60_000;
  log.info({ origin }, `Voltmart is ready at ${origin}`);
  return { server, origin };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((err) => {
    log.fatal({ err }, 'Voltmart could not start');
    process.exit(1);
  });
}
