/**
 * Every route file under src/pages (found on disk: a new route is covered without touching this file),
 * with the path values that used to give 500s on both databases (issue 30): a NUL byte or another
 * control character in a segment, and ids beyond PostgreSQL's integer range. Through the real
 * middleware: an endpoint (.ts) runs for real and must answer 4xx; a page (.astro) must be refused
 * before it renders. And a JSON body of `null` (or a bare number) posted to any endpoint is a 4xx or
 * the endpoint's ordinary answer, never a 5xx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { APIContext, APIRoute } from 'astro';
import { useScratchOutbox } from './auth-helpers';
import { useTestDatabase } from '../setup/db';
import { requestModule } from './http';
import { onRequest } from '@/middleware';
import { settleAfterAnswer } from '@/server/core/background';
import { AstroCookies } from '../../node_modules/astro/dist/core/cookies/index.js';

useScratchOutbox();
useTestDatabase();
afterAll(settleAfterAnswer);

const PAGES = path.resolve(import.meta.dirname, '../../src/pages');
const files = (fs.readdirSync(PAGES, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => /\.(ts|astro)$/.test(f) && !/^(404|500)\.astro$/.test(f));
const dynamic = files.filter((f) => f.includes('['));

/** The values of issue 30, as they appear in a URL. */
const HOSTILE = ['%00', 'a%00b', '%0A', '%1F', '2147483648', '99999999999999999999', '000002147483648'];

/** The URL path of a route file with each [param] (and [...rest]) replaced by `value`. */
function urlOf(file: string, value: string) {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/\.(ts|astro)$/, '')
    .split('/')
    .filter((s) => s !== 'index')
    .map((s) => {
      const m = /^\[(?:\.\.\.)?(.+)\]$/.exec(s);
      if (!m) return s;
      params[m[1]!] = decodeURIComponent(value);
      return value;
    });
  return { url: `/${segments.join('/')}`, params, pattern: `/${file.replace(/\.(ts|astro)$/, '')}` };
}

/** A page through the middleware: the page itself is a stand-in that records that it was reached. */
async function pageRequest(url: string, params: Record<string, string>, pattern: string, init: RequestInit = {}) {
  const full = new URL(url, 'http://127.0.0.1:4321');
  const req = new Request(full, init);
  let reached = false;
  const ctx = {
    request: req,
    url: full,
    params,
    cookies: new AstroCookies(req, { warn: () => {} } as never),
    locals: {},
    routePattern: pattern,
    clientAddress: '127.0.0.1',
    site: undefined,
    redirect: (to: string, status = 302) => new Response(null, { status, headers: { location: to } }),
    rewrite: async () => new Response('rewritten', { status: 404 }),
  } as unknown as APIContext;
  const res = (await onRequest(ctx, async () => {
    reached = true;
    return new Response('the page rendered', { status: 200 });
  })) as Response;
  return { res, reached };
}

const modules = new Map<string, Promise<Record<string, APIRoute>>>();
const load = (file: string) => {
  if (!modules.has(file)) modules.set(file, import(/* @vite-ignore */ path.join(PAGES, file)));
  return modules.get(file)!;
};

describe('hostile path segments on every route file', () => {
  it('finds the dynamic routes of the issue', () => {
    for (const f of [
      'shop/[slug].astro',
      'page/[slug].astro',
      'blog/[slug].astro',
      'all/[category]/index.astro',
      'api/v1/store/[slug].ts',
      'user/order/pay/[id].astro',
    ])
      expect(dynamic).toContain(f);
  });

  it('an endpoint answers 4xx (the envelope under /api/), never 5xx', async () => {
    const seen: string[] = [];
    for (const file of dynamic.filter((f) => f.endsWith('.ts'))) {
      for (const value of HOSTILE) {
        const { url, params, pattern } = urlOf(file, value);
        for (const method of ['GET', 'POST']) {
          const res = await requestModule(await load(file), pattern, params, url, {
            method,
            ...(method === 'POST' ? { headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:4321' }, body: '{}' } : {}),
          });
          seen.push(`${method} ${url} ${res.status}`);
          expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${method} ${url}`).toBeLessThan(500);
          if (url.startsWith('/api/')) expect(Object.keys(await res.json()), url).toEqual(['status', 'message', 'data']);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(0);
  });

  it('a page is refused before it renders (400 for control characters, 404 for ids out of range)', async () => {
    for (const file of dynamic.filter((f) => f.endsWith('.astro'))) {
      for (const value of HOSTILE) {
        const { url, params, pattern } = urlOf(file, value);
        const { res, reached } = await pageRequest(url, params, pattern);
        expect(reached, `${url} reached the page`).toBe(false);
        expect(res.status, url).toBe(/^\d+$/.test(value) ? 404 : 400);
      }
    }
  });

  it('ordinary values still reach the page', async () => {
    for (const value of ['1', '2147483647', 'usb-c-cable', '%D9%85%D8%AA%D8%AC%D8%B1']) {
      const { reached } = await pageRequest(urlOf('shop/[slug].astro', value).url, { slug: decodeURIComponent(value) }, '/shop/[slug]');
      expect(reached, value).toBe(true);
    }
  });
});

describe('a JSON body that is no object', () => {
  it('is a 4xx (or the endpoint ignores it), never a 5xx, on every endpoint that takes a POST', async () => {
    for (const file of files.filter((f) => f.endsWith('.ts'))) {
      const mod = await load(file);
      if (!mod.POST && !mod.ALL) continue;
      const { url, params, pattern } = urlOf(file, '1');
      for (const body of ['null', '7', '"text"', 'true']) {
        const res = await requestModule(mod, pattern, params, url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:4321' },
          body,
        });
        expect(res.status, `POST ${url} ${body}`).toBeLessThan(500);
      }
    }
  });
});

/** A 50 MB body that never arrives: reading it would hang, so an answer proves it was not read. */
function fiftyMegabytes(): RequestInit {
  const body = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => {}) }, { highWaterMark: 0 });
  return {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(50 * 1024 * 1024),
      origin: 'http://127.0.0.1:4321',
    },
  } as RequestInit;
}

describe('a body larger than any route takes', () => {
  it('is 413 at the entry, before a byte is read, with the connection closed: on a page and on an endpoint that reads no body', async () => {
    const { res, reached } = await pageRequest('/', {}, '/', fiftyMegabytes());
    expect(reached).toBe(false);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    const api = await requestModule(await load('api/v1/health.ts'), '/api/v1/health', {}, '/api/v1/health', fiftyMegabytes());
    expect(api.status).toBe(413);
    expect(api.headers.get('connection')).toBe('close');
    expect((await api.json()).message).toBe('The request is too large. Send at most 8192 KB.');
  });
});
