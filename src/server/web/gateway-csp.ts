import type { BrowserSources } from '@/server/payments/signature';

/**
 * Allows one payment gateway's script, frames and requests in the CSP of the one page that loads it
 * (the pay page sets `locals.gatewaySources`); every other page keeps the shop's own policy.
 */
export function addGatewaySources(headers: Headers, sources: BrowserSources | undefined): void {
  const csp = headers.get('content-security-policy');
  if (!csp || !sources) return;
  const add = (policy: string, directive: string, list: string[]) =>
    policy.includes(`${directive} `)
      ? policy.replace(new RegExp(`(${directive} [^;]*)`), `$1 ${list.join(' ')}`)
      : `${policy}; ${directive} 'self' ${list.join(' ')}`;
  let policy = add(csp, 'script-src', sources.scriptSrc);
  policy = add(policy, 'frame-src', sources.frameSrc);
  policy = add(policy, 'connect-src', sources.connectSrc);
  headers.set('content-security-policy', policy);
}
