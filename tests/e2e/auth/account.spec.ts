import { test, expect, keepShot } from '../fixtures';
import { isSignedIn, mailCode, nextMail, sessionCookie, signInWithForm, signUpByApi, uniqueEmail } from '../fixtures/auth';

test.describe('account flow with JavaScript', () => {
  test('register → verify by mailed code → sign out → sign in with a new session each time', async ({ page, context }) => {
    const email = uniqueEmail('flow');
    await page.goto('/register');
    await expect(page.getByText('Welcome to Voltmart')).toBeVisible();
    await page.getByLabel('Full name').fill('Flow Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('flow-pass-1');
    await page.getByLabel('Confirm password').fill('flow-pass-2');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('[data-error-for="password_confirmation"]')).toHaveText("Password didn't match");
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Confirm password').fill('flow-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/verify-email\?email=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email address');
    await keepShot(page, { path: '/tmp/shots/auth/verify-email-1280.png', fullPage: true });
    const afterSignup = (await sessionCookie(context))!;
    expect(await isSignedIn(page.request, afterSignup.value)).toBe(true);

    const mail = await nextMail(email);
    expect(mail.subject).toBe('Your Voltmart confirmation code');
    await page.getByLabel('6-digit code').fill(mailCode(mail));
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await expect(page.getByText('Your email address is verified.')).toBeVisible();

    // The spec's GET user/logout from a page of ours: the session ends and the browser goes home.
    await page.goto('/api/v1/user/logout');
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await isSignedIn(page.request, afterSignup.value)).toBe(false);

    await page.goto('/login');
    await signInWithForm(page, email, 'flow-pass-1');
    await expect(page).toHaveURL(/\/$/);
    const first = (await sessionCookie(context))!;
    expect(first.value).not.toBe(afterSignup.value);
    expect(first).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(Math.abs(first.expires - (Date.now() / 1000 + 31_622_400))).toBeLessThan(120);

    // Signing in again from the same browser gives yet another session id.
    await page.request.post('/api/v1/user/signin', { data: { email, password: 'flow-pass-1' } });
    const second = (await sessionCookie(context))!;
    expect(second.value).not.toBe(first.value);
  });

  test('a wrong password shows one message; repeated failures are throttled', async ({ page, playwright, baseURL }) => {
    const email = uniqueEmail('throttle');
    const api = await playwright.request.newContext({ baseURL });
    await signUpByApi(api, email, 'right-pass');
    await api.dispose();

    await page.goto('/login');
    const alert = page.locator('[data-form-alert]');
    // With JavaScript the form talks to the API and the page stays; the message shows once, above the form.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/signin'));
    await signInWithForm(page, email, 'wrong-pass');
    expect((await answer).status()).toBe(401);
    await expect(alert).toHaveText('The email or password is incorrect.');
    for (let i = 1; i < 5; i++) {
      await signInWithForm(page, email, `wrong-pass-${i}`);
      await expect(alert).toHaveText('The email or password is incorrect.');
      await expect(page).toHaveURL(/\/login$/);
    }
    await signInWithForm(page, email, 'right-pass');
    await expect(alert).toHaveText('Too many sign-in attempts. Please try again in 15 minutes.');
    const res = await page.request.post('/api/v1/user/signin', { data: { email, password: 'right-pass' } });
    expect(res.status()).toBe(429);
    expect(Number(res.headers()['retry-after'])).toBeGreaterThan(60);
  });

  test('after sign-in the redirect parameter is followed, but only to this site', async ({ page, playwright, baseURL }) => {
    const email = uniqueEmail('redirect');
    const api = await playwright.request.newContext({ baseURL });
    await signUpByApi(api, email, 'redirect-pass');
    const verified = await api.post('/api/v1/user/verify', { data: { email, code: mailCode(await nextMail(email)) } });
    expect((await verified.json()).data.user.email_verified).toBe(true);
    await api.dispose();

    await page.goto('/login?redirect=%2F%3Ffrom%3Dlogin');
    await signInWithForm(page, email, 'redirect-pass');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/\?from=login$/);

    await page.goto('/api/v1/user/logout');
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fsteal');
    await signInWithForm(page, email, 'redirect-pass');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('an unverified account is shown the confirmation page, which may be skipped', async ({ page, playwright, baseURL }) => {
    const email = uniqueEmail('unverified');
    const api = await playwright.request.newContext({ baseURL });
    await signUpByApi(api, email, 'unverified-pass');
    await api.dispose();
    await page.goto('/login?redirect=%2F%3Fafter%3Dverify');
    await signInWithForm(page, email, 'unverified-pass');
    await expect(page).toHaveURL(/\/verify-email\?email=/);
    await expect(page.getByText('Please confirm your email address')).toBeVisible();
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/\?after=verify$/);
  });
});
