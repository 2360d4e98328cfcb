// What must be refused before a request reaches Astro: Astro's node adapter answers a URL that does not
// decode with a bare text/plain 400, and replaces a Host it cannot parse with localhost *and drops the
// path*, so `Host: [bad` on /api/v1/health would render (and cache) the home page. Here both get a 400 in
// the shop's own shapes: the JSON envelope under /api/, the plain error page elsewhere, never cached.
// Which hosts are the shop's is decided later, in src/server/http/host.ts, by the middleware.

/** What a Host header may hold: a name or an IPv4/IPv6 address and an optional port. Same rule as host.ts. */
const HOST_SYNTAX = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** True when a Host header value can be a host at all (a missing header is left to the app). */
export function hostIsWellFormed(value) {
  if (value === undefined) return true;
  if (typeof value !== 'string' || !HOST_SYNTAX.test(value)) return false;
  return URL.canParse(`http://${value}/`);
}

/** The reason this raw request cannot be served, or null. */
export function rawRequestProblem(req) {
  try {
    decodeURI(req.url ?? '/');
  } catch {
    return 'This address is not valid: every % in it must be followed by two hexadecimal digits.';
  }
  if (!hostIsWellFormed(req.headers.host)) return 'This request names a host that is not valid. Check the address and try again.';
  return null;
}

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Answers 400 with the envelope (API) or a small error page (everything else). */
export function answerBadRequest(req, res, message) {
  const api = (req.url ?? '').startsWith('/api/');
  const body = api
    ? JSON.stringify({ status: 400, message, data: { code: 'BAD_REQUEST', form: [message] } })
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head>
<body><main><h1>SORRY</h1><p>${escapeHtml(message)}</p><p>400</p><p><a href="/">Go to homepage</a></p></main></body></html>`;
  res.writeHead(400, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'self'; base-uri 'self'",
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(body);
}

/** Client went away (reset, aborted upload): not an error of ours, so not logged as one. */
export const isClientGone = (err) =>
  ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(err?.code) || err?.message === 'aborted';
