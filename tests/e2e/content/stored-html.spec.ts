import { test, expect } from '../fixtures';
import { XSS_PAYLOADS } from '../../fixtures/xss-payloads';

/**
 * Stored HTML with every payload of the corpus, rendered in Chromium from a static page, a blog post
 * and a product description: no dialog opens, no payload's script runs (each one would call `xss()`),
 * and the browser asks no other host for anything. Allowed embeds survive; other iframes do not.
 */
const ALLOWED_EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
const MAP_EMBED = 'https://www.openstreetmap.org/export/embed.html?bbox=-97.75,30.26,-97.73,30.27';
const html = [
  '<p>Stored content starts here.</p>',
  `<iframe src="${ALLOWED_EMBED}" title="Allowed video" width="560" height="315"></iframe>`,
  `<iframe src="${MAP_EMBED}" title="Allowed map" width="560" height="315"></iframe>`,
  '<iframe src="https://evil.example/frame" title="Forbidden frame"></iframe>',
  '<p>Payloads follow.</p>',
  ...XSS_PAYLOADS.map((p) => `<div>${p}</div>`),
].join('\n');

// Other specs read the same shop: the page, the post and the product's description are put back.
test.afterAll(async ({ request }) => {
  expect((await request.post('/test-only/content', { data: { kind: 'restore' } })).ok()).toBe(true);
});

for (const kind of ['page', 'post', 'product'] as const) {
  test(`a ${kind} with ${XSS_PAYLOADS.length} XSS payloads renders inert`, async ({ page, request, baseURL }) => {
    const res = await request.post('/test-only/content', { data: { kind, html } });
    expect(res.ok()).toBe(true);
    const { url } = (await res.json()) as { url: string };

    const own = new URL(baseURL!).host;
    const outside: string[] = [];
    const embeds: string[] = [];
    await page.route('**/*', (route) => {
      const target = new URL(route.request().url());
      if (target.protocol === 'data:' || target.host === own) return route.continue();
      // Allowed embeds may load in a real shop; here they are recorded and not fetched (no network in tests).
      if (target.href.startsWith(ALLOWED_EMBED) || target.href.startsWith('https://www.openstreetmap.org/export/embed.html'))
        embeds.push(target.href);
      else outside.push(target.href);
      return route.abort();
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.addInitScript(() => {
      (window as unknown as { __xss: number }).__xss = 0;
      (window as unknown as { xss: () => void }).xss = () => {
        (window as unknown as { __xss: number }).__xss += 1;
      };
    });

    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(page.getByText('Payloads follow.')).toBeVisible();
    // Hover and focus everything a handler could hang on, then let timers and lazy loads run.
    for (const el of await page
      .locator('main :is(div, p, a, img, h1, strong, td)')
      .all()
      .then((all) => all.slice(0, 60))) {
      await el.hover({ trial: false, force: true, timeout: 1_000 }).catch(() => {});
    }
    await page.mouse.wheel(0, 5000);
    await page.waitForLoadState('networkidle');

    expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
    expect(dialogs).toEqual([]);
    expect(outside).toEqual([]);
    // Where the stored HTML lands: the page's or post's body, the product's description.
    const main = page.locator(kind === 'product' ? '.pd-description' : 'main .prose').first();
    await expect(main.locator('script')).toHaveCount(0);
    await expect(main.locator('[onerror], [onload], [onclick], [onmouseover], [style], object, embed, svg, form, base')).toHaveCount(0);
    await expect(main.locator('a[href^="javascript" i], a[href^="data:" i], img[src^="data:" i]')).toHaveCount(0);
    // The allowed embeds survive; the forbidden one is gone.
    await expect(main.locator(`iframe[src="${ALLOWED_EMBED}"]`)).toHaveCount(1);
    await expect(main.locator('iframe[title="Allowed map"]')).toHaveCount(1);
    await expect(main.locator('iframe[src*="evil.example"]')).toHaveCount(0);
    await expect(main.locator('iframe')).toHaveCount(2);
  });
}
