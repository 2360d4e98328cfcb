// Serves the built shop: Astro's standalone handler behind brotli/gzip compression.
// `@astrojs/node` sends responses uncompressed (DESIGN.md), so the app compresses here.
import http from 'node:http';
import compression from 'compression';
import zlib from 'node:zlib';
import { answerBadRequest, isClientGone, rawRequestProblem } from './request-guard.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING ??= 'disabled';

// `--build dist-e2e` serves the end-to-end build (with /test-only/*; playwright.config.ts); the default is the production build.
const buildAt = process.argv.indexOf('--build');
const buildDir = buildAt > 0 ? process.argv[buildAt + 1] : 'dist';
const entry = new URL(`../${buildDir}/server/entry.mjs`, import.meta.url);
const { handler } = await import(entry.href);

const compress = compression({
  threshold: 1024,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
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

/** Starts the HTTP server; resolves once the database is migrated and the first page answers. */
export async function serve({ port = Number(process.env.PORT ?? 4321), host = process.env.HOST ?? '127.0.0.1' } = {}) {
  const server = http.createServer((req, res) => {
    // A client that hangs up mid-request is not an error of ours: swallow its socket errors quietly.
    req.on('error', (err) => {
      if (!isClientGone(err)) console.error('[http] request error', err);
    });
    res.on('error', (err) => {
      if (!isClientGone(err)) console.error('[http] response error', err);
    });
    const problem = rawRequestProblem(req);
    if (problem) return answerBadRequest(req, res, problem);
    compress(req, res, () => {
      keepWriteCallbacks(res);
      handler(req, res);
    });
  });
  server.keepAliveTimeout = 65_000;
  // Slow clients are bounded (slowloris): headers within 15 s, a whole request within 60 s. A body that
  // stops arriving is refused sooner, after BODY_IDLE_MS without a byte (src/server/http/body.ts).
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const listening = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host;
  const origin = `http://${listening.includes(':') ? `[${listening}]` : listening}:${typeof address === 'object' && address ? address.port : port}`;
  // The first request opens, migrates and (on an empty database) seeds; do it now rather than on a shopper's request.
  const res = await fetch(`${origin}/api/v1/health`);
  if (!res.ok) throw new Error(`Health check failed with HTTP ${res.status}`);
  console.log(`Voltmart is ready at ${origin}`);
  return { server, origin };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
