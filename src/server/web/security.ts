import { getEnv } from '@/server/core/env';

/**
 * Headers every response carries. Pages get Astro's CSP (script/style hashes per page, plus
 * frame-ancestors from astro.config.mjs); other responses (API, redirects) get this strict one.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'; base-uri 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'cross-origin-opener-policy': 'same-origin',
};

/** Browsers that saw the shop over HTTPS keep to HTTPS for a year (only sent when SECURE_COOKIES says it is HTTPS). */
export const HSTS = 'max-age=31536000';

export function applySecurityHeaders(headers: Headers, secure = getEnv().SECURE_COOKIES): void {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!headers.has(k)) headers.set(k, v);
  if (secure) headers.set('strict-transport-security', HSTS);
}
