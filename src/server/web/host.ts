import { getEnv, type Env } from '@/server/core/env';
import { listeningOrigin, publicOrigin } from '@/server/core/origin';
import { AppError } from '@/server/core/errors';
import { fail } from '@/server/web/envelope';
import { errorPageFallback } from '@/server/web/error-fallback';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
/** What a Host header may hold: a name or an IPv4/IPv6 address, and an optional port. Nothing else. */
const HOST_SYNTAX = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `name` or `name:port`, lower case, default ports dropped; null when it is no host at all. */
export function normaliseHost(value: string): string | null {
  const text = value.trim();
  if (!HOST_SYNTAX.test(text)) return null;
  try {
    const url = new URL(`http://${text}`);
    const name = url.hostname.replace(/\.$/, '');
    const port = url.port === '443' ? '' : url.port;
    return port ? `${name}:${port}` : name;
  } catch {
    return null; // a port above 65535, an address the URL parser refuses
  }
}

const memo = new WeakMap<Env, { exact: Set<string>; anyPort: Set<string> }>();

/** The names this shop answers to: PUBLIC_URL's, HOST:PORT, the loopback names on PORT, and ALLOWED_HOSTS. */
export function shopHosts(env: Env = getEnv()): { exact: Set<string>; anyPort: Set<string> } {
  let hosts = memo.get(env);
  if (!hosts) memo.set(env, (hosts = collectHosts(env)));
  return hosts;
}

function collectHosts(env: Env): { exact: Set<string>; anyPort: Set<string> } {
  const exact = new Set<string>();
  const anyPort = new Set<string>();
  const add = (value: string) => {
    const host = normaliseHost(value);
    if (host) exact.add(host);
  };
  add(new URL(publicOrigin(env)).host);
  add(new URL(listeningOrigin(env)).host);
  for (const name of LOOPBACK) add(`${name}:${env.PORT}`);
  for (const entry of env.ALLOWED_HOSTS) {
    if (/:\d+$/.test(entry)) add(entry);
    else if (normaliseHost(entry)) anyPort.add(normaliseHost(entry)!); // a bare name: any port
  }
  return { exact, anyPort };
}

/** Whether a Host (or X-Forwarded-Host) value names this shop. */
export function isShopHost(value: string, env: Env = getEnv()): boolean {
  const host = normaliseHost(value);
  if (!host) return false;
  const { exact, anyPort } = shopHosts(env);
  return exact.has(host) || anyPort.has(host.replace(/:\d+$/, ''));
}

/**
 * Why a request is not for this shop, or null when it is. The Host header (the URL's host when a
 * request carries none) must name the shop; behind TRUST_PROXY the first X-Forwarded-Host too.
 */
export function foreignHost(request: Request, url: URL, env: Env = getEnv()): string | null {
  const host = request.headers.get('host') ?? url.host;
  if (!isShopHost(host, env)) return host;
  const forwarded = env.TRUST_PROXY ? request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  if (forwarded !== undefined && !isShopHost(forwarded, env)) return forwarded;
  return null;
}

export const FOREIGN_HOST_MESSAGE = 'This address does not belong to this shop. Check the address and try again.';

/** A 400 for a request addressed to another host: the envelope under /api/, a plain error page elsewhere. Never cached. */
export function refuseForeignHost(ctx: { request: Request; url: URL }): Response | null {
  if (foreignHost(ctx.request, ctx.url) === null) return null;
  if (ctx.url.pathname.startsWith('/api/')) return fail(new AppError({ code: 'BAD_REQUEST', message: FOREIGN_HOST_MESSAGE }));
  return errorPageFallback(400, FOREIGN_HOST_MESSAGE);
}
