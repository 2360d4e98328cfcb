import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { test, expect } from '../fixtures';
import { showNotices } from './helpers';
import { CartPage } from '../cart/cart-page';

/**
 * Issue 39: nothing moves on the home page, a listing (in English and in Arabic, right to left) and the cart
 * with lines, for a first-time visitor (the promo popup, the top banner and the cookie notice shown), at
 * phone and desktop width; and the promo popup, drawn over the page, is never the page's largest paint
 * (Lighthouse found it was both the shift and the LCP). Read from the browser's own `layout-shift` and
 * `largest-contentful-paint` entries once the page has settled: loaded, the popup shown, the pictures on
 * screen decoded. The shifts' score may not pass 0.01 (Lighthouse calls 0.1 good: this is "no shift").
 */
const LIMIT = 0.01;

type Shift = { value: number; at: number; what: string[] };
type Paint = { size: number; at: number; what: string; inPopup: boolean };
type Seen = { shifts: Shift[]; paints: Paint[] };

async function watchPaints(page: Page) {
  await page.addInitScript(() => {
    const seen: Seen = { shifts: [], paints: [] };
    (window as unknown as { __seen: Seen }).__seen = seen;
    const nameOf = (node: Node | null | undefined) => {
      const el = node instanceof Element ? node : node?.parentElement;
      if (!el) return node?.nodeName ?? '?';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls}`;
    };
    new PerformanceObserver((list) => {
      type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
      for (const entry of list.getEntries() as unknown as {
        value: number;
        startTime: number;
        hadRecentInput: boolean;
        sources?: Source[];
      }[]) {
        if (entry.hadRecentInput) continue;
        // What moved, from where to where: a failure's message says what to fix.
        const what = (entry.sources ?? []).map((s) => `${nameOf(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`);
        seen.shifts.push({ value: entry.value, at: Math.round(entry.startTime), what });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { size: number; startTime: number; element: Element | null; url: string }[]) {
        seen.paints.push({
          size: entry.size,
          at: Math.round(entry.startTime),
          what: entry.element
            ? `${nameOf(entry.element)} ${entry.url || (entry.element.textContent ?? '').trim().slice(0, 40)}`
            : entry.url,
          inPopup: !!entry.element?.closest('.popup-banner'),
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** What the page did once it settled: loaded, the popup shown, every picture on screen decoded. */
async function settled(page: Page): Promise<Seen> {
  await page.waitForLoadState('load');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForFunction(
    () =>
      [...document.images]
        .filter((img) => img.getClientRects().length > 0 && img.getBoundingClientRect().top < innerHeight)
        .every((img) => img.complete),
    null,
    { timeout: 60_000 },
  );
  // Two frames after that: a shift or a paint caused by the last decode is reported by then.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
}

function expectStill({ shifts, paints }: Seen) {
  const score = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(score, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(LIMIT);
  const largest = paints.at(-1);
  expect(largest, 'no largest-contentful-paint entry').toBeTruthy();
  expect(largest!.inPopup, `the promo popup is the page's largest paint: ${JSON.stringify(paints)}`).toBe(false);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px, a first-time visitor`, () => {
    test.beforeEach(async ({ page, context }) => {
      await page.setViewportSize({ width, height: 844 });
      await showNotices(context);
      await watchPaints(page);
    });

    for (const [name, path] of [
      ['the home page', '/'],
      ['a listing', '/all/audio'],
      ['an Arabic listing', '/ar/all/audio'],
    ] as const) {
      test(`${name} does not move and is its own largest paint (promo popup, top banner and cookie notice shown)`, async ({
        shop,
        page,
      }) => {
        await shop.open(path);
        expectStill(await settled(page));
      });
    }

    test('the cart with two lines loads no React before a touch and does not move while its island wakes (popup shown)', async ({
      page,
      known,
    }) => {
      const cart = new CartPage(page);
      await page.goto('/');
      // The popup would cover the product pages' buttons: closed while adding, shown again on the cart.
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await cart.addFromProduct(known.plain.slug);
      await expect(cart.badge(1)).toBeVisible({ timeout: 30_000 });
      await cart.addFromProduct(known.withOffer.slug);
      await expect(cart.badge(2)).toBeVisible({ timeout: 30_000 });
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage)) if (key.startsWith('voltmart:dismissed:popup')) localStorage.removeItem(key);
      });
      const scripts: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
      });
      await page.goto('/cart', { waitUntil: 'networkidle' });
      await expect(page.getByRole('dialog')).toBeVisible();
      // Before anyone touches it the cart loads no React (issue 31: at most 30 KB of compressed script).
      const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
      const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + (inline.length ? gzipSync(inline.join('\n')).length : 0);
      expect(bytes, `${scripts.length} script files before the first touch`).toBeLessThanOrEqual(30 * 1024);
      await cart.ready();
      expectStill(await settled(page));
    });
  });
}
