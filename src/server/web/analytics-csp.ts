import { analyticsIdFor, GA_CONNECT, GA_HOST } from '@/lib/analytics';

/** Allows Google Analytics' script and beacons in a page's CSP, only where the page may load it (lib/analytics.ts). */
export function addAnalyticsSources(headers: Headers, setting: { enable_ga: boolean; ga_id: string }, pathname: string): void {
  const csp = headers.get('content-security-policy');
  if (!csp || !analyticsIdFor(setting, pathname)) return;
  const add = (policy: string, directive: string, sources: string[]) =>
    policy.includes(`${directive} `)
      ? policy.replace(new RegExp(`(${directive} [^;]*)`), `$1 ${sources.join(' ')}`)
      : `${policy}; ${directive} 'self' ${sources.join(' ')}`;
  headers.set('content-security-policy', add(add(csp, 'script-src', [GA_HOST]), 'connect-src', GA_CONNECT));
}
