import http from 'node:http';
import type net from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import { getViteConfig } from 'astro/config';
import { getDatabase } from '@/server/db/client';

/**
 * The shop's pages served over real HTTP inside an integration test: Astro's dev server (Vite in middleware mode,
 * Astro's own request handler) on a free port of 127.0.0.1, on the test's database. The pages, layouts, the
 * middleware and the endpoints are the real ones, drawn as a browser would get them (no browser: fetch).
 */
export interface PageServer {
  origin: string;
  /** A module as the served pages see it (their own copy, e.g. to clear a cache). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  module(path: string): Promise<any>;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const config = await getViteConfig(
    { server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'silent' },
    { logLevel: 'silent' },
  )({
    command: 'serve',
    mode: 'test',
  });
  // Astro's request handler stays out of a Vite server made under vitest (its plugin checks VITEST): not this one.
  const vitest = process.env.VITEST;
  delete process.env.VITEST;
  let vite: ViteDevServer;
  try {
    vite = await createServer(config);
  } finally {
    process.env.VITEST = vitest;
  }
  // The server's modules are Vite's own copies: give them this test's database.
  // Pages are rendered by the `ssr` environment's module runner: its copy of the client gets the database.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const runner = (vite.environments.ssr as any).runner;
  (await runner.import('/src/server/db/client.ts')).setDatabase(getDatabase());
  const server = http.createServer(vite.middlewares);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    module: (path) => runner.import(path),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vite.close();
    },
  };
}

/** The host the test environment names as the shop's (backoffice-fixtures' ORIGIN): the server's own check wants it. */
const SHOP = '127.0.0.1:4321';

export interface Answer {
  status: number;
  location: string | null;
  setCookies: string[];
  body: string;
}

/** One request over a socket to the page server, as a browser sends it (Host and Origin the shop's). */
export function send(
  server: PageServer,
  path: string,
  init: { method?: string; cookies?: string[]; form?: URLSearchParams; accept?: string } = {},
): Promise<Answer> {
  const body = init.form?.toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.origin}${path}`,
      {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: {
          host: SHOP,
          origin: `http://${SHOP}`,
          accept: init.accept ?? 'text/html',
          ...(init.cookies?.length ? { cookie: init.cookies.join('; ') } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            setCookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
