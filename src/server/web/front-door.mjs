// @ts-check
// The front door (decision 0024, third round): a guest's request for a page the shop has already
// answered from its page cache, with exactly the same headers, is answered by scripts/serve.mjs with the
// same bytes, before Astro builds a Request, runs the middleware and converts the Response — which is
// most of what a cached guest page costs. It is only a shortcut to an answer the app already gave:
//   - only reads (GET, HEAD) of pages, without cookies, Authorization or validators (If-None-Match…),
//     so no session, guest cart, flash, chosen language or closed notice can be involved;
//   - the key is the URL and every request header but a few that nothing before the page cache reads
//     (below), so any header the middleware looks at (Host, Accept, User-Agent, Language, Save-Data,
//     Accept-Encoding, the proxy's country) tells two requests apart;
//   - an answer is remembered only when the app served it from a kept guest copy (a 200 that set no
//     cookie), and it lives exactly as long as that copy: the app's `alive()` says whether the kept copy
//     is still the page cache's entry (10 s, emptied by every announced change on every process).
// Plain JavaScript so that both scripts/serve.mjs and the built app use it; the table lives on
// globalThis because the app's bundle has its own copy of this module.

const TABLE = Symbol.for('voltmart.front-door');
const scope = /** @type {any} */ (globalThis);
/** @type {{ entries: Map<string, FrontAnswer>, bytes: number }} */
const shared = (scope[TABLE] ??= { entries: new Map(), bytes: 0 });
/** Its bounds (.env.example): answers, and their bytes in all (an answer holds its kept copy alive too). */
const MAX_ENTRIES = boundOf('FRONT_DOOR_MAX_ENTRIES', 2_000);
const MAX_BYTES = boundOf('FRONT_DOOR_MAX_MB', 32) * 1024 * 1024;

/**
 * A cache's bound from the environment (a positive number), else its default.
 * @param {string} name
 * @param {number} fallback
 */
function boundOf(name, fallback) {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * @typedef {object} FrontAnswer
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {Buffer} bytes
 * @property {() => boolean} alive
 */

/** Headers nothing before the page cache reads: they do not tell two answers apart. */
const IGNORED = new Set([
  'connection',
  'keep-alive',
  'accept-language',
  'referer',
  'cache-control',
  'pragma',
  'dnt',
  'priority',
  'upgrade-insecure-requests',
  'x-request-id',
  'x-forwarded-for',
  'x-real-ip',
]);
/** Headers that make a request personal or conditional: such requests always go to the app. */
const PERSONAL = new Set(['cookie', 'authorization', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'range']);

/**
 * The front-door key of a request, or null when it must go to the app.
 * @param {string | undefined} method
 * @param {string | undefined} url the request target (path and query)
 * @param {Record<string, string | string[] | undefined>} headers Node's request headers (lower-case names)
 * @returns {string | null}
 */
export function frontDoorKey(method, url, headers) {
  if ((method !== 'GET' && method !== 'HEAD') || !url || !url.startsWith('/') || url.startsWith('/api/')) return null;
  const parts = [];
  for (const name in headers) {
    if (PERSONAL.has(name)) return null;
    if (IGNORED.has(name) || name.startsWith('sec-')) continue;
    const value = headers[name];
    parts.push(`${name}:${Array.isArray(value) ? value.join(', ') : value}`);
  }
  parts.sort();
  return `${url}\n${parts.join('\n')}`;
}

/**
 * The remembered answer for a key, while the kept copy it came from lives.
 * @param {string} key
 * @returns {FrontAnswer | null}
 */
export function frontDoorAnswer(key) {
  const answer = shared.entries.get(key);
  if (!answer) return null;
  if (answer.alive()) return answer;
  forget(key);
  return null;
}

/**
 * Remembers what the app answered for this key from a kept copy.
 * @param {string} key
 * @param {FrontAnswer} answer
 */
export function rememberAtFrontDoor(key, answer) {
  forget(key);
  if (shared.entries.size >= MAX_ENTRIES || shared.bytes + answer.bytes.length > MAX_BYTES) clearFrontDoor();
  if (answer.bytes.length > MAX_BYTES / 4) return;
  shared.entries.set(key, answer);
  shared.bytes += answer.bytes.length;
}

/** @param {string} key */
function forget(key) {
  const old = shared.entries.get(key);
  if (!old) return;
  shared.entries.delete(key);
  shared.bytes -= old.bytes.length;
}

/** Forgets every remembered answer (an announced change; tests). */
export function clearFrontDoor() {
  shared.entries.clear();
  shared.bytes = 0;
}
