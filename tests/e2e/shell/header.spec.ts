import { test, expect } from '../fixtures';
import { header } from './helpers';

for (const javaScriptEnabled of [true, false]) {
  test.describe(`header with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });

    test('shows the logo, quick links, search, guest links, cart and the menu', async ({ shop, page }) => {
      await shop.open('/site-map');
      const top = header(page);
      await expect(top.getByRole('link', { name: 'Voltmart' })).toHaveAttribute('href', '/');
      const quick = page.getByRole('navigation', { name: 'Quick links' });
      await expect(quick.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/track-order');
      await expect(quick.getByRole('link', { name: 'Flash sale' })).toHaveAttribute('href', '/flash-sale');
      await expect(top.getByRole('search').getByRole('combobox', { name: 'Search' })).toBeVisible();
      await expect(top.getByRole('link', { name: 'Become a seller' })).toHaveAttribute('href', '/seller/register');
      await expect(top.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      await expect(top.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
      await expect(top.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(menu.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/discover/products');
      await expect(menu.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/page/contact');
      await expect(page.getByRole('navigation', { name: 'Menu', exact: true })).toBeHidden();
    });

    test('the Support dropdown lists authentication, tracking, FAQ, policies and blogs', async ({ shop, page }) => {
      await shop.open('/site-map');
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.getByText('Support', { exact: true }).click();
      const expected: [string | RegExp, string][] = [
        ['Product authentication', 'https://verify.voltmart.example/'],
        ['Product Tracking', '/track-order'],
        ['FAQ', '/page/faq'],
        ['Privacy policy', '/page/privacy-policy'],
        ['Terms and conditions', '/page/terms-and-conditions'],
        ['Return and refund', '/page/return-and-refund'],
        ['Warranty policy', '/page/warranty-policy'],
        ['Blogs', '/blog'],
      ];
      for (const [name, href] of expected) await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    });

    test('an empty search goes nowhere and a search goes to /search?q=', async ({ shop, page }) => {
      await shop.open('/site-map');
      const box = page.getByRole('combobox', { name: 'Search' });
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/site-map$/);
      await box.fill('usb cable');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=usb\+cable$/);
    });

    test('the chat button leads to the contact page', async ({ shop, page }) => {
      await shop.open('/site-map');
      await expect(page.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', '/page/contact');
    });

    test('the footer has the newsletter, categories, services, about, social, payment and the year', async ({ shop, page }) => {
      await shop.open('/site-map');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
      await expect(footer.getByRole('navigation', { name: 'Categories' }).getByRole('link').first()).toHaveAttribute('href', /^\/all\//);
      await expect(footer.getByRole('link', { name: '30-day refund' })).toHaveAttribute('href', '/page/return-and-refund');
      await expect(footer.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/page/about-us');
      await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://www.facebook.com/voltmart');
      await expect(footer.getByRole('img', { name: 'Payment methods' })).toBeVisible();
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Voltmart. All rights reserved.`);
      await expect(footer.getByRole('link', { name: 'Site map' })).toHaveAttribute('href', '/site-map');
    });
  });
}

test.describe('with JavaScript on', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('blank text or the search already shown does not navigate', async ({ shop, page }) => {
    await shop.open('/search?q=cable');
    const box = page.getByRole('combobox', { name: 'Search' });
    await expect(box).toHaveValue('cable');
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(new URL(f.url()).search);
    });
    await box.press('Enter');
    await box.fill('   ');
    await box.press('Enter');
    // Then a search that does navigate: had either Enter above navigated, it would be listed before this one.
    await box.fill('charger');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=charger$/);
    expect(navigations).toEqual(['?q=charger']);
  });

  test('Escape closes a dropdown and returns focus to it', async ({ shop, page }) => {
    await shop.open('/site-map');
    const support = page.getByRole('navigation', { name: 'Main menu' }).getByText('Support', { exact: true });
    await support.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Product Tracking' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Product Tracking' })).toBeHidden();
    await expect(support).toBeFocused();
  });

  test('the cart badge shows the cart_count cookie on shared guest HTML', async ({ shop, page, context, baseURL }) => {
    await context.addCookies([{ name: 'cart_count', value: '4', url: baseURL! }]);
    await shop.open('/site-map');
    const cart = header(page).getByRole('link', { name: 'Cart, 4 items' });
    await expect(cart).toBeVisible();
    await expect(cart.locator('[data-cart-count]')).toHaveText('4');
  });

  test('following a link starts the progress bar', async ({ shop, page }) => {
    await shop.open('/site-map');
    // A 204 keeps the browser on this page (no navigation commits), so the bar, started by the click, can be looked at.
    await page.route('**/page/contact', (route) => route.fulfill({ status: 204 }));
    const bar = page.locator('[data-progress]');
    await expect(bar).not.toHaveClass(/running/);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact Us' }).click({ noWaitAfter: true });
    await expect(bar).toHaveClass(/running/);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a private page renders the cart count on the server; shared guest HTML does not', async ({ shop, page, context, baseURL }) => {
    await context.addCookies([{ name: 'cart_count', value: '2', url: baseURL! }]);
    // The not-found page sets no cache policy, so it is rendered per request.
    await page.goto('/no-such-page-here');
    await expect(header(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await shop.open('/site-map');
    await expect(header(page).getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  });
});
