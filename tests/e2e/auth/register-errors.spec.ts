import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';

/**
 * Issue 11 item 6: register showed each error three times (by the field, above the form, in a toast)
 * and the toast covered the logo. Now each error shows once, by its field, with a summary that only
 * screen readers get; the same with JavaScript on and off.
 */
const MESSAGES = ['Name is required', 'Invalid email', 'Invalid Password Length'];

/** How many visible elements on the page say exactly this. */
const visibleCount = (page: Page, text: string) =>
  page.evaluate(
    (t) =>
      [...document.querySelectorAll('body *')].filter((el) => {
        if ([...el.children].some((c) => c.textContent?.includes(t))) return false;
        if (!el.textContent?.includes(t)) return false;
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
      }).length,
    text,
  );

for (const javaScriptEnabled of [true, false]) {
  for (const width of [390, 1280]) {
    test(`register errors show once, by their fields (JavaScript ${javaScriptEnabled ? 'on' : 'off'}, ${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 850 });
      await page.goto('/register');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('123');
      await page.getByLabel('Confirm password').fill('123');
      await page.getByRole('button', { name: 'Create account' }).click();

      await expect(page.locator('[data-error-for="name"]')).toHaveText('Name is required');
      await expect(page.locator('[data-error-for="email"]')).toHaveText('Invalid email');
      await expect(page.locator('[data-error-for="password"]')).toHaveText('Invalid Password Length');
      await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
      for (const message of MESSAGES) expect(await visibleCount(page, message), message).toBe(1);

      // Screen readers hear a summary of all three, in the alert, which is not shown on screen.
      const alert = page.getByRole('alert').filter({ hasText: 'fields need attention' });
      await expect(alert).toHaveText(/^3 fields need attention: Name is required/);
      await expect(alert).toHaveClass(/sr-only/);
      // No toast repeats it, so nothing covers the logo.
      await expect(page.locator('[data-toast]')).toBeHidden();
      await expect(page.getByRole('link', { name: 'Voltmart' }).first()).toBeVisible();
    });
  }
}

test('a form-level error (no field to blame) still shows once, above the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('[data-form-alert]')).toHaveText('The email or password is incorrect.');
  await expect(page.locator('[data-form-alert]')).not.toHaveClass(/sr-only/);
  expect(await visibleCount(page, 'The email or password is incorrect.')).toBe(1);
  await expect(page.locator('[data-toast]')).toBeHidden();
});
