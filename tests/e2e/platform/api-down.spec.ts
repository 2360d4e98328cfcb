import { test, expect } from '../fixtures';
import { signInWithForm, uniqueEmail } from '../fixtures/auth';

/**
 * The spec's section 8: an answer without a status is "API is down." — whether the network failed or
 * something in between (a proxy, a load balancer) answered with its own error page instead of our
 * envelope. Shown once, where the form shows its errors (issue 11: not repeated in a toast), and the
 * form can be sent again.
 */
const API_DOWN = 'API is down.';
const proxyErrorPage = { status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };

test.describe('when the API does not answer with our envelope', () => {
  test('the sign-in form says "API is down." for a proxy\'s error page, and can be sent again', async ({ page }) => {
    await page.goto('/login');
    await page.route('**/api/v1/user/signin', (route) => route.fulfill(proxyErrorPage));
    await signInWithForm(page, uniqueEmail('down'), 'any-password');
    await expect(page.locator('[data-form-alert]')).toHaveText(API_DOWN);
    await expect(page.getByText(API_DOWN)).toHaveCount(1);
    await expect(page).toHaveURL(/\/login$/);
    // The form can be sent again (no real attempt: it would count against this address's sign-in limit).
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('the newsletter says "API is down." when the network fails', async ({ shop, page }) => {
    await shop.open('/site-map');
    await page.route('**/api/v1/email-subscription', (route) => route.abort('connectionrefused'));
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill(uniqueEmail('down'));
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.locator('[data-newsletter-error]')).toHaveText(API_DOWN);
    await expect(page.getByText(API_DOWN)).toHaveCount(1);
    await expect(page).toHaveURL(/\/site-map$/);
  });
});
