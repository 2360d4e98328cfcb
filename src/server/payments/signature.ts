import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a gateway notification with a missing or wrong signature gets (400, nothing read or written). */
export const BAD_SIGNATURE = 'The signature of this notification is not valid, so it was ignored.';

/** HMAC-SHA256 of a text, as hex or base64. */
export const hmacSha256 = (secret: string, text: string, encoding: 'hex' | 'base64' = 'hex') =>
  createHmac('sha256', secret).update(text).digest(encoding);

/** Compares a signature we computed with the one received, in constant time. */
export function sameSignature(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given.trim());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Origins a gateway's browser script needs on the pay page (script, frames, requests). */
export interface BrowserSources {
  script: string;
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
}

/** Tests only: a gateway's script served by the local fake; the page then allows that origin only. */
export function fakeSources(url: string): BrowserSources {
  const origin = new URL(url).origin;
  return { script: url, scriptSrc: [origin], frameSrc: [origin], connectSrc: [origin] };
}
