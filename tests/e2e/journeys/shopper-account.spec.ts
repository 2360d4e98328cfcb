import { test, expect } from '../fixtures';
import { mailCode, nextMail, uniqueEmail } from '../fixtures/auth';
import { fillAddress } from '../account/helpers';

/**
 * The whole journey through the real forms, with no test-only shortcut: register → verify →
 * sign out → sign in → edit the profile → the address book, and the header following along.
 */
test('register, verify, sign out, sign in, edit the profile and keep an address book', async ({ page }) => {
  test.slow(); // the whole journey: about ten pages and three mails
  const email = uniqueEmail('journey');
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Journey Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('journey-pass');
  await page.getByLabel('Confirm password').fill('journey-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await page.getByLabel('6-digit code').fill(mailCode(await nextMail(email)));
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByText('Your email address is verified.')).toBeVisible();

  // The header names the person by the first word of their name, and signs them out.
  await page.goto('/');
  const account = page.getByRole('banner').getByText('Journey', { exact: true }).first();
  await expect(account).toBeVisible();
  await page.goto('/api/v1/user/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' }).first()).toBeVisible();

  // A guest who opens the account area signs in and comes back to it.
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('journey-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);

  await page.getByLabel('Name').fill('Journey Renamed');
  await page.getByLabel('Phone (optional)').fill('(555) 123-4567');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Journey Renamed');

  await page.goto('/user/addresses');
  await page.getByRole('link', { name: 'Add shipping address' }).click();
  await fillAddress(page, { name: 'Home', phone: '555-123-4567', city: 'Albany', zip: '12207', line1: '1 State St' });
  await page.getByRole('button', { name: 'Save address' }).click();
  const shipping = page.locator('section', { has: page.getByRole('heading', { name: 'Shipping addresses' }) });
  await expect(shipping.getByRole('listitem').filter({ hasText: 'Home' })).toContainText('1 State St');

  // The API sees the same person and the same address book.
  const profile = await (await page.request.get('/api/v1/user/profile')).json();
  expect(profile.data).toMatchObject({ name: 'Journey Renamed', email, is_logged_in: true });
  const book = await (await page.request.get('/api/v1/user/address/all')).json();
  expect(JSON.stringify(book.data)).toContain('1 State St');
});
