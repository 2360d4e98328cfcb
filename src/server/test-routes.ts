/**
 * The `/test-only/*` routes (sign in as anyone, flip shop settings, break a page on purpose) exist only
 * in the end-to-end build: `npm run build:e2e` (VOLTMART_TEST_BUILD=1) injects them (astro.config.mjs)
 * and defines `__VOLTMART_TEST_ROUTES__`; the production build (`npm run build`, `npm start`) has
 * neither the routes nor their CSRF exemption. Even in that build they answer only with
 * ENABLE_TEST_ROUTES=1, and the server refuses to start so on a public address.
 */
declare const __VOLTMART_TEST_ROUTES__: boolean | undefined;

/** True only in a build made with the test-only routes (replaced at build time; tests set it on globalThis). */
export function testRoutesBuilt(): boolean {
  return typeof __VOLTMART_TEST_ROUTES__ !== 'undefined' && __VOLTMART_TEST_ROUTES__ === true;
}

/** The test-only routes answer: they are built in and ENABLE_TEST_ROUTES=1. */
export function testRoutesOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return testRoutesBuilt() && env.ENABLE_TEST_ROUTES === '1';
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** Whether a host name (no port) can only be reached from this machine. */
export function isLoopback(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/**
 * Why the server must not start, or null: test-only routes switched on where others can reach them
 * (a PUBLIC_URL or a HOST to listen on that is not loopback).
 */
export function testRoutesProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!testRoutesOn(env)) return null;
  const exposed: string[] = [];
  if (env.PUBLIC_URL && !isLoopback(hostOf(env.PUBLIC_URL))) exposed.push(`PUBLIC_URL ${env.PUBLIC_URL}`);
  if (env.HOST && !isLoopback(env.HOST)) exposed.push(`HOST ${env.HOST}`);
  if (!exposed.length) return null;
  return `ENABLE_TEST_ROUTES=1 lets anyone sign in as any account, so it is refused on a public address (${exposed.join(', ')}). Unset it, or serve the tests on 127.0.0.1.`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
