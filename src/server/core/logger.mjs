// @ts-check
// The shop's one logger: JSON lines (pino; warnings and errors on stderr, the rest on stdout) with the
// request id of the request being served, and secrets redacted wherever they appear in a logged object.
// Plain JavaScript because scripts/serve.mjs (not built) and the built app both import it; the two
// copies share one instance through globalThis, so a line logged deep in the app carries the id
// serve.mjs gave the request.
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

/** Keys whose values are never written to a log, at the top level and one or two levels down. */
const SECRET_KEYS = [
  'password',
  'new_password',
  'current_password',
  'password_confirmation',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'secret',
  'client_secret',
  'cookie',
  'set-cookie',
  'authorization',
  'card_number',
  'cvc',
];
export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [`["${k}"]`, `*["${k}"]`, `*.*["${k}"]`]);

/** Levels pino knows; LOG_LEVEL must be one of them. */
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The level: LOG_LEVEL when set; otherwise `info`, and `silent` under a test runner (VITEST) so tests
 * stay quiet unless someone asks with LOG_LEVEL=debug.
 * @param {NodeJS.ProcessEnv} env
 */
export function logLevel(env = process.env) {
  const wanted = (env.LOG_LEVEL ?? '').trim().toLowerCase();
  if (LEVELS.includes(wanted)) return wanted;
  return env.VITEST ? 'silent' : 'info';
}

/**
 * A logger writing to `destination` (stdout by default) with the shop's redaction and request ids.
 * @param {{ level?: string, destination?: import('pino').DestinationStream, requests?: AsyncLocalStorage<{ id: string }> }} [opts]
 */
export function createLogger(opts = {}) {
  const requests = opts.requests ?? new AsyncLocalStorage();
  const options = {
    level: opts.level ?? logLevel(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: { level: (/** @type {string} */ label) => ({ level: label }) },
    mixin: () => {
      const request = requests.getStore();
      return request ? { req_id: request.id } : {};
    },
  };
  // Warnings and errors go to stderr, the rest to stdout (dedupe: each line to one stream only).
  const destination =
    opts.destination ??
    pino.multistream(
      [
        { level: 'trace', stream: process.stdout },
        { level: 'warn', stream: process.stderr },
      ],
      { dedupe: true },
    );
  return { log: pino(options, destination), requests };
}

const KEY = Symbol.for('voltmart.logger');
/** @type {{ log: import('pino').Logger, requests: AsyncLocalStorage<{ id: string }> }} */
/** @type {Record<symbol, any>} */
const scope = /** @type {any} */ (globalThis);
const shared = scope[KEY] ?? (scope[KEY] = createLogger());

/** The process's logger. */
export const log = shared.log;

/**
 * Runs `fn` as part of the request `id`: every line it logs carries `req_id`.
 * @template T
 * @param {string} id
 * @param {() => T} fn
 * @returns {T}
 */
export function withRequestId(id, fn) {
  return shared.requests.run({ id }, fn);
}

/** The id of the request being served, if any. */
export function currentRequestId() {
  return shared.requests.getStore()?.id;
}
