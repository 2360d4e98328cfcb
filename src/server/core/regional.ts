/**
 * The regional redirect (spec section 1): a visitor from one configured country is sent to a
 * configured regional shop. The country comes only from a header our own proxy or CDN sets
 * (TRUST_PROXY); without one nobody is redirected. Bots, API calls, non-page requests and visitors who
 * chose to stay (a cookie, set by `?stay_here=1`) are never redirected. Plain values in, a decision out.
 */
export const STAY_COOKIE = 'frontend_stay_here';
export const STAY_PARAM = 'stay_here';

/** Headers CDNs and proxies put the visitor's country in, in order of preference. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'x-country-code'];
const BOT =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|preview|lighthouse|headless/i;

/** The visitor's two-letter country from a trusted proxy header, or null (untrusted, missing, unknown `XX`, Tor `T1`). */
export function countryOf(headers: Headers, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  for (const name of COUNTRY_HEADERS) {
    const value = headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return null;
}

export interface RegionalInput {
  method: string;
  url: URL;
  accept: string | null;
  userAgent: string | null;
  country: string | null;
  stayCookie: boolean;
  config: { country?: string; url?: string };
}

/** What to do: `redirect` to the regional URL, `stay` (remember the choice), or nothing. */
export type RegionalDecision = { kind: 'redirect'; location: string } | { kind: 'stay' } | { kind: 'none' };

export function decideRegional(r: RegionalInput): RegionalDecision {
  const { country: target, url: site } = r.config;
  if (!target || !site) return { kind: 'none' };
  if (r.url.searchParams.get(STAY_PARAM) === '1') return { kind: 'stay' };
  if (r.method !== 'GET' && r.method !== 'HEAD') return { kind: 'none' };
  if (r.url.pathname.startsWith('/api/') || !(r.accept ?? '').includes('text/html')) return { kind: 'none' };
  if (r.stayCookie || !r.userAgent || BOT.test(r.userAgent)) return { kind: 'none' };
  if (r.country !== target) return { kind: 'none' };
  const location = new URL(site);
  // Same path on the regional shop when it has one; its home otherwise is the regional shop's concern.
  location.pathname = `${location.pathname.replace(/\/$/, '')}${r.url.pathname}`;
  location.search = r.url.search;
  return { kind: 'redirect', location: location.href };
}
