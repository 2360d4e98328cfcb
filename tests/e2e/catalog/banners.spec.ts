import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';

/** Issue 11 items 2 and 3: the hero slider moves one whole slide; banner art is neither cropped nor under words. */

/** The strip's scroll position and each slide's offset in it, once the smooth scroll has settled. */
async function sliderState(page: Page) {
  return page.locator('.home-slider .slides').evaluate((strip: HTMLElement) => {
    const slides = [...strip.querySelectorAll<HTMLElement>('.slide')];
    return {
      left: Math.round(strip.scrollLeft),
      width: strip.clientWidth,
      offsets: slides.map((s) => Math.round(s.offsetLeft - strip.offsetLeft)),
      widths: slides.map((s) => Math.round(s.getBoundingClientRect().width)),
    };
  });
}

for (const [width, phone] of [
  [320, true],
  [390, true],
  [768, true],
  [1280, false],
] as const) {
  test.describe(`at ${width} px`, () => {
    // Reduced motion also turns autoplay off, so only the button moves the slider.
    test.use({ viewport: { width, height: 900 }, isMobile: phone, hasTouch: phone, reducedMotion: 'reduce' });

    test('the next button moves exactly one whole slide', async ({ shop, page }) => {
      await shop.open('/');
      const next = page.getByRole('button', { name: 'Next slide' });
      await expect(next).toBeVisible();
      const start = await sliderState(page);
      expect(start.left).toBe(0);
      // Each slide is exactly as wide as the strip, so a whole slide is all a shopper sees.
      for (const w of start.widths) expect(Math.abs(w - start.width)).toBeLessThanOrEqual(1);
      for (const n of [1, 2]) {
        await next.click();
        await expect.poll(async () => (await sliderState(page)).left, { message: `slide ${n + 1}` }).toBe(start.offsets[n]);
      }
    });

    test('banner and flash-sale pictures are shown whole, at their own proportions', async ({ shop, page }) => {
      for (const path of ['/', '/flash-sale']) {
        await shop.open(path);
        const pictures = page.locator('.banner img, .sale-card img');
        expect(await pictures.count(), path).toBeGreaterThan(0);
        for (const img of await pictures.all()) {
          await img.scrollIntoViewIfNeeded();
          await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
          const { shown, natural, src } = await img.evaluate((el: HTMLImageElement) => {
            const box = el.getBoundingClientRect();
            return { shown: box.width / box.height, natural: el.naturalWidth / el.naturalHeight, src: el.getAttribute('src') };
          });
          expect(Math.abs(shown - natural) / natural, `${path} ${src} is cropped`).toBeLessThan(0.03);
        }
      }
    });
  });
}

test('the home banner of the running flash sale says when it ends, not "Ends soon"', async ({ shop, page }) => {
  await shop.open('/');
  const banner = page.locator('.banner').filter({ hasText: 'Flash sale is on' });
  await expect(banner.locator('time')).toHaveText(/^Ends in \d+ (days?|hours?|minutes?)$/);
  await expect(banner).not.toContainText('Ends soon');
  const days = Math.floor((Date.parse((await banner.locator('time').getAttribute('datetime'))!) - Date.now()) / 86_400_000);
  if (days >= 1) await expect(banner.locator('time')).toHaveText(`Ends in ${days} day${days === 1 ? '' : 's'}`);
});
