import { test, expect } from '../fixtures';
import { mailCode, nextMail, sessionCookie, signInWithForm, uniqueEmail } from '../fixtures/auth';

test.describe('account pages with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('register, verify, sign out and sign in with plain form posts', async ({ page, context }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/register');
    await page.getByLabel('Full name').fill('No Script');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm password').fill('123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('[data-error-for="email"]')).toHaveText('Invalid email');
    await expect(page.locator('[data-error-for="password"]')).toHaveText('Invalid Password Length');
    await expect(page.getByLabel('Full name')).toHaveValue('No Script');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('nojs-pass');
    await page.getByLabel('Confirm password').fill('nojs-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/verify-email\?email=/);
    await page.getByLabel('6-digit code').fill(mailCode(await nextMail(email)));
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await expect(page.getByText('Your email address is verified.')).toBeVisible();
    const registered = (await sessionCookie(context))!.value;

    await page.goto('/api/v1/user/logout');
    expect(await sessionCookie(context)).toBeUndefined();

    await page.goto('/login');
    await signInWithForm(page, email, 'wrong-password');
    await expect(page.locator('[data-form-alert]')).toHaveText('The email or password is incorrect.');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await signInWithForm(page, email, 'nojs-pass');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    const signedIn = (await sessionCookie(context))!;
    expect(signedIn.value).not.toBe(registered);
    expect(signedIn).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});
