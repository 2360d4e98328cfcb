import fs from 'node:fs';
import path from 'node:path';
import type { APIContext, APIRoute } from 'astro';
// Astro's own cookie jar (not in its package exports), so the middleware sees what the server would give it.
import { AstroCookies } from '../../node_modules/astro/dist/core/cookies/index.js';
import { onRequest } from '@/middleware';

/**
 * Runs requests through the real middleware and the real `src/pages/api/v1` endpoints, in-process, on
 * the test database: what the built server does between Astro's router and the socket.
 */
const API_DIR = path.resolve(import.meta.dirname, '../../src/pages/api/v1');

export interface ApiRoute {
  /** File under src/pages/api/v1, e.g. `user/address/[id].ts`. */
  file: string;
  /** Astro's pattern, e.g. `/api/v1/user/address/[id]`. */
  pattern: string;
  segments: string[];
}

/** Every endpoint file under src/pages/api/v1: a new endpoint is covered without touching the tests. */
export function listApiRoutes(): ApiRoute[] {
  const files = (fs.readdirSync(API_DIR, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.split(path.sep).join('/'));
  return files
    .map((file) => {
      const segments = file
        .replace(/\.ts$/, '')
        .split('/')
        .filter((s) => s !== 'index');
      return { file, segments, pattern: `/api/v1/${segments.join('/')}` };
    })
    .sort(bySpecificity);
}

/** Static segments win over `[param]`, which wins over `[...rest]`, as in Astro's router. */
function bySpecificity(a: ApiRoute, b: ApiRoute): number {
  const rank = (r: ApiRoute) => r.segments.map((s) => (s.startsWith('[...') ? 2 : s.startsWith('[') ? 1 : 0));
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
    const x = ra[i] ?? -1;
    const y = rb[i] ?? -1;
    if (x !== y) return x === -1 ? 1 : y === -1 ? -1 : x - y;
  }
  return 0;
}

/** The endpoint serving this path and its params, as Astro would pick it. */
export function matchApiRoute(routes: ApiRoute[], pathname: string): { route: ApiRoute; params: Record<string, string> } | null {
  const parts = pathname
    .replace(/^\/api\/v1\/?/, '')
    .split('/')
    .filter(Boolean);
  for (const route of routes) {
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < route.segments.length && ok; i++) {
      const seg = route.segments[i]!;
      if (seg.startsWith('[...')) {
        params[seg.slice(4, -1)] = parts.slice(i).join('/');
        return { route, params };
      }
      const part = parts[i];
      if (part === undefined) ok = false;
      else if (seg.startsWith('[')) params[seg.slice(1, -1)] = safeDecode(part);
      else ok = seg === part;
    }
    if (ok && parts.length === route.segments.length) return { route, params };
  }
  return null;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const modules = new Map<string, Promise<Record<string, APIRoute>>>();
const load = (file: string) => {
  if (!modules.has(file)) modules.set(file, import(/* @vite-ignore */ path.join(API_DIR, file)));
  return modules.get(file)!;
};

/** Sends one request through the middleware to the endpoint Astro would route it to. */
export async function request(routes: ApiRoute[], input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input, 'http://127.0.0.1:4321');
  const match = matchApiRoute(routes, url.pathname);
  if (!match) throw new Error(`no endpoint for ${url.pathname}`);
  return requestModule(await load(match.route.file), match.route.pattern, match.params, url, init);
}

/** Sends one request through the middleware to a given endpoint module (pages outside /api/v1, e.g. /razorpay-callback). */
export async function requestModule(
  mod: Record<string, APIRoute>,
  pattern: string,
  params: Record<string, string>,
  input: string | URL,
  init: RequestInit = {},
  rewrites: Record<string, () => Response> = {},
): Promise<Response> {
  const url = new URL(input, 'http://127.0.0.1:4321');
  const req = new Request(url, init);
  const method = req.method.toUpperCase();
  const handler = mod.ALL ?? mod[method] ?? mod[method === 'HEAD' ? 'GET' : method];
  const ctx = {
    request: req,
    url,
    params,
    cookies: new AstroCookies(req, { warn: () => {} } as never),
    locals: {},
    routePattern: pattern,
    clientAddress: '127.0.0.1',
    site: undefined,
    redirect: (to: string, status = 302) => new Response(null, { status, headers: { location: to } }),
  } as unknown as APIContext;
  // A rewrite to another page (the middleware draws `/403` in place of a back-office page the user may not open)
  // is answered by that page's stand-in, `rewrites[path]`; Astro would render the page there.
  const next = async (rewrite?: unknown) => {
    if (typeof rewrite === 'string' && rewrites[rewrite]) return rewrites[rewrite]();
    return handler ? handler(ctx) : new Response(null, { status: 405 });
  };
  const res = (await onRequest(ctx, next)) as Response;
  // Astro adds the cookies set through ctx.cookies to the answer after the middleware; so does this.
  const setCookies = [...ctx.cookies.headers()];
  if (!setCookies.length) return res;
  const headers = new Headers(res.headers);
  for (const c of setCookies) headers.append('set-cookie', c);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
