import { test, expect } from '../fixtures';
import { signIn, uniqueEmail } from '../account/helpers';
import { showNotices } from './helpers';

/** Issue 11 item 9: the chat button, the footer's categories, the cookie notice without JavaScript, the file input. */

test.describe('at 390 px on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('"Chat with us" covers no text of the product page, wherever the shopper scrolls', async ({ shop, page, known }) => {
    test.setTimeout(180_000);
    await shop.open(`/products/product/${known.withVariants.slug}`);
    const chat = page.getByRole('link', { name: 'Chat with us' });
    await expect(chat).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.min(y, height - 844));
      const covered = await page.evaluate(() => {
        const c = document.querySelector('.chat-button')!.getBoundingClientRect();
        return [...document.querySelectorAll('main *')]
          .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
          .filter((el) => {
            const b = el.getBoundingClientRect();
            return b.width > 0 && b.right > c.left && b.left < c.right && b.bottom > c.top && b.top < c.bottom;
          })
          .map((el) => el.textContent!.trim().slice(0, 40));
      });
      expect(covered, `scrolled to ${y}`).toEqual([]);
    }
  });

  test("the profile picture chooser is styled like the shop's buttons", async ({ shop, page }) => {
    await signIn(page, uniqueEmail('file-input'));
    await shop.open('/user/profile');
    const input = page.getByLabel('Profile picture');
    const look = await input.evaluate((el) => {
      const button = getComputedStyle(el, '::file-selector-button');
      return { border: button.borderTopColor, colour: button.color, radius: button.borderTopLeftRadius };
    });
    const primary = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--primary)';
      document.body.append(probe);
      return getComputedStyle(probe).color;
    });
    expect(look.border).toBe(primary);
    expect(look.colour).toBe(primary);
    expect(look.radius).not.toBe('0px');
  });
});

test('at 1280 px the chat button still floats', async ({ shop, page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shop.open('/');
  await expect(page.locator('.chat-button')).toHaveCSS('position', 'fixed');
});

test('the footer lists every footer category and says where the others are', async ({ shop, page, counts }) => {
  await shop.open('/site-map');
  const api = await (await page.request.get('/api/v1/common')).json();
  const marked = (api.data.categories as { title: string }[]).map((c) => c.title);
  const footer = page.getByRole('navigation', { name: 'Categories' });
  for (const title of marked) await expect(footer.getByRole('link', { name: title, exact: true })).toBeVisible();
  // It showed only 6 of the 10: now every category is there, or a link says how many there are.
  const listed = await footer.locator(':scope > ul > li:not(.footer-all) > a').count();
  expect(listed).toBeGreaterThan(6);
  if (listed < counts.categories) {
    await footer.getByRole('link', { name: `All ${counts.categories} categories` }).click();
    await expect(page).toHaveURL(/\/categories$/);
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the cookie notice shows and a plain form closes it for good', async ({ shop, page, context }) => {
    await showNotices(context);
    await shop.open('/all/chargers-adapters?sort=price_asc');
    const notice = page.getByRole('region', { name: 'Privacy policy' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect(page).toHaveURL(/\/all\/chargers-adapters\?sort=price_asc$/);
    await expect(notice).toBeHidden();
    await shop.open('/');
    await expect(page.getByRole('region', { name: 'Privacy policy' })).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === 'frontend_cookie_notice')).toMatchObject({ httpOnly: true, path: '/' });
  });
});

test('the cookie notice form refuses another site and only goes back to this one', async ({ request, baseURL }) => {
  const forged = await request.post('/cookie-notice', {
    form: { back: '/' },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  const away = await request.post('/cookie-notice', {
    form: { back: 'https://evil.example/x' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(away.status()).toBe(303);
  expect(away.headers()['location']).toBe('/');
});
