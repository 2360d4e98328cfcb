import { analyticsIdFor, GA_CONNECT, GA_HOST, pageScriptsFor, type CustomScript } from '@/lib/analytics';

type TagSetting = Parameters<typeof analyticsIdFor>[0];

/**
 * Allows, in a page's CSP, exactly the third-party scripts the page may load (lib/analytics.ts): Google's
 * host and beacons for analytics and tag manager, and the origin of each of the operator's scripts.
 */
export function addAnalyticsSources(headers: Headers, setting: TagSetting, pathname: string, custom: CustomScript[] = []): void {
  const csp = headers.get('content-security-policy');
  if (!csp) return;
  const scripts = pageScriptsFor(setting, custom, pathname);
  const google = Boolean(analyticsIdFor(setting, pathname)) || scripts.some((s) => s.kind === 'gtm');
  const origins = new Set(scripts.filter((s) => s.kind === 'custom').map((s) => new URL(s.src).origin));
  if (google) origins.add(GA_HOST);
  if (!origins.size) return;
  const add = (policy: string, directive: string, sources: string[]) =>
    policy.includes(`${directive} `)
      ? policy.replace(new RegExp(`(${directive} [^;]*)`), `$1 ${sources.join(' ')}`)
      : `${policy}; ${directive} 'self' ${sources.join(' ')}`;
  const withScripts = add(csp, 'script-src', [...origins]);
  headers.set('content-security-policy', google ? add(withScripts, 'connect-src', GA_CONNECT) : withScripts);
}
