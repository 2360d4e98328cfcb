import { afterEach, describe, expect, it } from 'vitest';
import { isLoopback, testRoutesBuilt, testRoutesOn, testRoutesProblem } from '@/server/test-routes';
import { TEST_ONLY_ROUTES, testOnlyRoutes } from '../../astro.config.mjs';

const testBuild = globalThis as { __VOLTMART_TEST_ROUTES__?: boolean };
afterEach(() => {
  delete testBuild.__VOLTMART_TEST_ROUTES__;
});

/** What the integration does to a build: the routes it injects and the constant it defines. */
function setUp(enabled: boolean) {
  const injected: { pattern: string; entrypoint: string }[] = [];
  let define: Record<string, string> = {};
  const hook = testOnlyRoutes(enabled).hooks['astro:config:setup'] as (options: unknown) => void;
  hook({
    injectRoute: (r: { pattern: string; entrypoint: string }) => injected.push(r),
    updateConfig: (c: { vite: { define: Record<string, string> } }) => (define = c.vite.define),
  });
  return { injected, define };
}

describe('test-only routes at build time (astro.config.mjs)', () => {
  it('injects nothing into the production build and defines the switch as false', () => {
    expect(setUp(false)).toEqual({ injected: [], define: { __VOLTMART_TEST_ROUTES__: 'false' } });
  });

  it('injects every test-only route from outside src/pages into the end-to-end build', () => {
    const { injected, define } = setUp(true);
    expect(define).toEqual({ __VOLTMART_TEST_ROUTES__: 'true' });
    expect(injected.map((r) => r.pattern)).toEqual(TEST_ONLY_ROUTES.map((n) => `/test-only/${n}`));
    for (const r of injected) expect(r.entrypoint).toMatch(/^\.\/src\/test-only\/routes\/[\w-]+\.(ts|astro)$/);
  });
});

describe('test-only routes at run time (src/server/test-routes.ts)', () => {
  it('are off outside a test build, whatever the environment says', () => {
    expect(testRoutesBuilt()).toBe(false);
    expect(testRoutesOn({ ENABLE_TEST_ROUTES: '1' })).toBe(false);
    expect(testRoutesProblem({ ENABLE_TEST_ROUTES: '1', PUBLIC_URL: 'https://shop.example.com' })).toBeNull();
  });

  it('are off in the production build, which defines the switch as false', () => {
    testBuild.__VOLTMART_TEST_ROUTES__ = false;
    expect(testRoutesBuilt()).toBe(false);
    expect(testRoutesOn({ ENABLE_TEST_ROUTES: '1' })).toBe(false);
  });

  it('are on in a test build only with ENABLE_TEST_ROUTES=1', () => {
    testBuild.__VOLTMART_TEST_ROUTES__ = true;
    expect(testRoutesOn({ ENABLE_TEST_ROUTES: '1' })).toBe(true);
    for (const value of [undefined, '', '0', 'true', 'yes']) expect(testRoutesOn({ ENABLE_TEST_ROUTES: value }), String(value)).toBe(false);
  });

  it('stop the server when on with a PUBLIC_URL or HOST others can reach', () => {
    testBuild.__VOLTMART_TEST_ROUTES__ = true;
    const on = { ENABLE_TEST_ROUTES: '1' };
    expect(testRoutesProblem({ ...on, PUBLIC_URL: 'https://shop.example.com' })).toBe(
      'ENABLE_TEST_ROUTES=1 lets anyone sign in as any account, so it is refused on a public address (PUBLIC_URL https://shop.example.com). Unset it, or serve the tests on 127.0.0.1.',
    );
    expect(testRoutesProblem({ ...on, PUBLIC_URL: 'http://127.0.0.1.evil.example' })).toContain('PUBLIC_URL http://127.0.0.1.evil.example');
    expect(testRoutesProblem({ ...on, HOST: '0.0.0.0' })).toContain('(HOST 0.0.0.0)');
    expect(testRoutesProblem({ ...on, PUBLIC_URL: 'https://shop.example.com', HOST: '::' })).toContain(
      '(PUBLIC_URL https://shop.example.com, HOST ::)',
    );
    expect(testRoutesProblem({ ...on, PUBLIC_URL: 'not a url' })).toContain('PUBLIC_URL not a url');
    for (const safe of [
      {},
      { HOST: '127.0.0.1' },
      { PUBLIC_URL: 'http://localhost:4399' },
      { PUBLIC_URL: 'http://127.0.0.1:4399', HOST: '127.0.0.1' },
      { PUBLIC_URL: 'http://[::1]:4399', HOST: '::1' },
    ]) {
      expect(testRoutesProblem({ ...on, ...safe }), JSON.stringify(safe)).toBeNull();
    }
    expect(testRoutesProblem({ PUBLIC_URL: 'https://shop.example.com' })).toBeNull();
  });

  it('knows loopback names exactly', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '127.10.200.30', '::1', '[::1]'])
      expect(isLoopback(host), host).toBe(true);
    for (const host of [
      'localhost.evil.example',
      'evil-localhost',
      '127.0.0.1.nip.io',
      '127.0.0.1000',
      '10.0.0.1',
      '0.0.0.0',
      '::',
      '',
      'shop.example.com',
    ])
      expect(isLoopback(host), host).toBe(false);
  });
});
