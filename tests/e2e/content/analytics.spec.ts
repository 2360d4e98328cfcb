import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_SETTINGS } from '../../../src/server/demo/data/settings';

/**
 * Analytics from settings: nothing is requested from Google before the shopper accepts the cookie
 * notice; after Accept gtag.js loads (allowed by the page's CSP); never on account pages; off, no trace.
 * A first-time visitor here (not the suite's returning shopper), with the popup banner already closed.
 */
const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(
      (v: string) => localStorage.setItem(`voltmart:dismissed:popup:${v}`, '1'),
      DEMO_SETTINGS.popup_banner.version,
    );
    await use(context);
  },
});
const setAnalytics = async (request: APIRequestContext, on: boolean) =>
  expect((await request.post('/test-only/content', { data: { kind: 'analytics', on } })).ok()).toBe(true);
const googleRequests = async (page: Page) => {
  const seen: string[] = [];
  await page.route(/google(tagmanager|-analytics)\.com/, (route) => {
    seen.push(route.request().url());
    return route.abort();
  });
  return seen;
};

test.describe.configure({ mode: 'serial' });
test.afterAll(async ({ request }) => setAnalytics(request, false));

test('off: no tag, no CSP allowance, no request', async ({ page, request }) => {
  await setAnalytics(request, false);
  const seen = await googleRequests(page);
  const res = await page.goto('/blog');
  expect(res!.headers()['content-security-policy']).not.toContain('googletagmanager');
  await expect(page.locator('meta[name="voltmart-ga"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);
});

test('on: nothing before consent, gtag.js after Accept, never on account pages', async ({ page, request }) => {
  await setAnalytics(request, true);
  const seen = await googleRequests(page);
  const res = await page.goto('/blog');
  expect(res!.headers()['content-security-policy']).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
  await expect(page.locator('meta[name="voltmart-ga"]')).toHaveAttribute('content', 'G-TEST12345');
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);

  await page.getByRole('button', { name: 'Got it' }).click();
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  expect(seen[0]).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST12345');

  // Consent is remembered: the next page loads it at once; an account page never does.
  seen.length = 0;
  await page.goto('/stores');
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  seen.length = 0;
  const login = await page.goto('/login');
  await expect(page.locator('meta[name="voltmart-ga"]')).toHaveCount(0);
  expect(login!.headers()['content-security-policy']).not.toContain('googletagmanager');
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);
});

const setScripts = async (request: APIRequestContext, on: boolean) =>
  expect((await request.post('/test-only/content', { data: { kind: 'scripts', on } })).ok()).toBe(true);
/** Requests to tag manager and the operator's script host, answered with an empty script. */
const scriptRequests = async (page: Page) => {
  const seen: string[] = [];
  await page.route(/googletagmanager\.com|scripts\.example\.com|insecure\.example\.com/, (route) => {
    seen.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return seen;
};

test('tag manager and the operator scripts: nothing before consent, all after, only the "everywhere" one on private pages', async ({
  page,
  request,
}) => {
  await setAnalytics(request, false);
  await setScripts(request, true);
  try {
    const seen = await scriptRequests(page);
    const res = await page.goto('/blog');
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/scripts\.example\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp).not.toContain('insecure.example.com');
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);

    await page.getByRole('button', { name: 'Got it' }).click();
    await expect
      .poll(() => [...seen].sort())
      .toEqual([
        'https://scripts.example.com/everywhere.js',
        'https://scripts.example.com/widget.js',
        'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123',
      ]);
    expect(
      await page.evaluate(() => (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.some((e) => e.event === 'gtm.js')),
    ).toBe(true);

    seen.length = 0;
    const cart = await page.goto('/cart');
    expect(cart!.headers()['content-security-policy']).not.toContain('googletagmanager');
    await expect.poll(() => seen).toEqual(['https://scripts.example.com/everywhere.js']);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual(['https://scripts.example.com/everywhere.js']);

    // Pages where a password is typed have no shell and load no third-party script at all.
    seen.length = 0;
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
  } finally {
    await setScripts(request, false);
  }
});
