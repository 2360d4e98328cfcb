import { test, expect, keepShot } from '../fixtures';
import { isSignedIn, mailCode, mailLink, nextMail, signInWithForm, signUpByApi, uniqueEmail, lastMail } from '../fixtures/auth';

test('forgot password → mail → reset by link; the old password fails, the new one works, the link works once', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('reset');
  const api = await playwright.request.newContext({ baseURL });
  await signUpByApi(api, email, 'old-password');
  expect(await isSignedIn(api)).toBe(true);
  const before = await lastMail(email);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  const mail = await nextMail(email, before);
  expect(mail.subject).toBe('Reset your Voltmart password');
  expect(mailCode(mail)).toMatch(/^\d{6}$/);
  const link = new URL(mailLink(mail, '/reset-password'));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=1/);
  await expect(page.getByText('Your password was changed. Sign in with your new password.')).toBeVisible();

  // The session made at sign-up (another device) has ended.
  expect(await isSignedIn(api)).toBe(false);
  await api.dispose();

  await signInWithForm(page, email, 'old-password');
  await expect(page.locator('[data-form-alert]')).toHaveText('The email or password is incorrect.');
  await signInWithForm(page, email, 'brand-new-pass');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  await page.context().clearCookies();
  const again = await page.goto(link.pathname + link.search);
  expect(again?.status()).toBe(409);
  await expect(page.locator('[data-form-alert]')).toHaveText('This reset link was already used. Ask for a new one.');
});

test('the mailed code resets the password on the same page', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('code');
  const api = await playwright.request.newContext({ baseURL });
  await signUpByApi(api, email, 'old-password');
  await api.dispose();
  const before = await lastMail(email);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  const mail = await nextMail(email, before);
  await page.setViewportSize({ width: 390, height: 900 });
  await keepShot(page, { path: '/tmp/shots/auth/reset-code-390.png', fullPage: true });
  await page.getByLabel('6-digit code').fill(mailCode(mail));
  await page.getByLabel('New password', { exact: true }).fill('coded-pass');
  await page.getByLabel('Confirm password').fill('coded-pass');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=1/);
  await signInWithForm(page, email, 'coded-pass');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});
