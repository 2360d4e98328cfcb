import type { APIRequestContext, Page, Response } from '@playwright/test';
import { test, expect } from '../fixtures';

/**
 * Social login end to end: the browser goes from the shop to the fake Google/Facebook
 * (tests/fakes/oauth-provider.mjs, started by playwright.config.ts) and back to /social-callback.
 */
const START = '/api/v1/user/social-login/redirect';

const setSwitches = async (request: APIRequestContext, on: { google_login?: boolean; facebook_login?: boolean }) => {
  const res = await request.post('/test-only/social', { data: on });
  expect(res.ok()).toBe(true);
};

/** The flash message a response leaves for the next page (the toast), if any. */
async function flashOf(response: Response): Promise<{ type: string; message: string } | null> {
  const cookies = (await response.headersArray()).filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
  const flash = cookies.find((c) => c.startsWith('frontend_flash='));
  return flash ? JSON.parse(decodeURIComponent(flash.split(';')[0]!.slice('frontend_flash='.length))) : null;
}

/** Runs `act` and returns the /social-callback response it led to. */
async function callbackAfter(page: Page, act: () => Promise<unknown>): Promise<Response> {
  const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/social-callback'), act()]);
  return response;
}

const whoAmI = async (page: Page) => (await page.request.get('/test-only/social')).json();

test.describe('social login', () => {
  test.beforeAll(async ({ request }) => setSwitches(request, { google_login: true, facebook_login: true }));

  test('the redirect endpoint refuses unknown and switched-off providers with the envelope', async ({ request }) => {
    const unknown = await request.get(`${START}?provider=twitter`, { maxRedirects: 0 });
    expect(unknown.status()).toBe(422);
    expect(await unknown.json()).toMatchObject({ status: 201, data: { form: ['Choose Google or Facebook to sign in.'] } });

    await setSwitches(request, { facebook_login: false });
    try {
      const off = await request.get(`${START}?provider=facebook`, { maxRedirects: 0 });
      expect(off.status()).toBe(404);
      expect((await off.json()).message).toContain('Sign-in with Facebook is not available');
    } finally {
      await setSwitches(request, { facebook_login: true });
    }

    const google = await request.get(`${START}?provider=google`, { maxRedirects: 0 });
    expect(google.status()).toBe(302);
    const to = new URL(google.headers()['location']!);
    expect(to.pathname).toBe('/google/o/oauth2/v2/auth');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toMatch(/\/social-callback$/);
    const cookie = google.headers()['set-cookie'] ?? '';
    expect(cookie).toMatch(/frontend_social_login=.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  test('Google: consent at the provider signs a new shopper in and returns where they started', async ({ page, context }) => {
    await page.goto(`${START}?provider=google&redirect=${encodeURIComponent('/?from=google')}`);
    await expect(page.getByRole('heading', { name: 'Sign in with Google (test provider)' })).toBeVisible();
    const callback = await callbackAfter(page, () => page.getByRole('link', { name: 'Continue as Ada Lovelace' }).click());
    expect(callback.status()).toBe(303);
    expect(await flashOf(callback)).toEqual({ type: 'success', message: 'Welcome! Your account was created with Google.' });
    await expect(page).toHaveURL(/\/\?from=google$/);

    const session = (await context.cookies()).find((c) => c.name === 'frontend_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await whoAmI(page)).toMatchObject({
      signedIn: true,
      user: { name: 'Ada Lovelace', email: 'ada.google@example.com' },
      links: ['google'],
    });
    expect((await context.cookies()).some((c) => c.name === 'frontend_social_login')).toBe(false);
  });

  test('Facebook: the same round trip through the Graph API', async ({ page, context }) => {
    await page.goto(`${START}?provider=facebook`);
    await expect(page.getByRole('heading', { name: 'Sign in with Facebook (test provider)' })).toBeVisible();
    const callback = await callbackAfter(page, () => page.getByRole('link', { name: 'Continue as Grace Hopper' }).click());
    expect(await flashOf(callback)).toEqual({ type: 'success', message: 'Welcome! Your account was created with Facebook.' });
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).some((c) => c.name === 'frontend_session')).toBe(true);
    expect(await whoAmI(page)).toMatchObject({ user: { email: 'grace.fb@example.com' }, links: ['facebook'] });
  });

  test('denied consent lands on /login with an error message and no session', async ({ page, context }) => {
    await page.goto(`${START}?provider=google`);
    const callback = await callbackAfter(page, () => page.getByRole('link', { name: 'Cancel' }).click());
    expect(callback.status()).toBe(303);
    expect(callback.headers()['location']).toBe('/login');
    expect(await flashOf(callback)).toEqual({
      type: 'error',
      message: 'Sign-in with Google was cancelled. Choose another way to sign in, or try again.',
    });
    expect((await context.cookies()).some((c) => c.name === 'frontend_session')).toBe(false);
    expect(await whoAmI(page)).toMatchObject({ signedIn: false, user: null });
  });

  test('a tampered state is refused', async ({ page, context }) => {
    await page.goto(`${START}?provider=google`);
    const consent = await page.getByRole('link', { name: 'Continue as Ada Lovelace' }).getAttribute('href');
    const approved = await page.request.get(new URL(consent!, page.url()).href, { maxRedirects: 0 });
    const back = new URL(approved.headers()['location']!);
    back.searchParams.set('state', 'forged-state-value-0123456789abcdef');
    const callback = await callbackAfter(page, () => page.goto(back.href));
    expect(callback.headers()['location']).toBe('/login');
    expect(await flashOf(callback)).toEqual({
      type: 'error',
      message: 'This sign-in link has expired or was already used. Please try again.',
    });
    expect((await context.cookies()).some((c) => c.name === 'frontend_session')).toBe(false);
  });
});

test.describe('social login with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeAll(async ({ request }) => setSwitches(request, { google_login: true, facebook_login: true }));

  test('a returning Google shopper is signed in to the same account with plain links and redirects', async ({ page }) => {
    const signIn = async () => {
      await page.goto(`${START}?provider=google`);
      return callbackAfter(page, () => page.getByRole('link', { name: 'Continue as Ada Lovelace' }).click());
    };
    expect((await flashOf(await signIn()))?.type).toBe('success'); // new or returning, depending on order
    expect(await flashOf(await signIn())).toEqual({ type: 'success', message: 'You are signed in with Google.' });
    const me = await whoAmI(page);
    expect(me).toMatchObject({ signedIn: true, user: { email: 'ada.google@example.com' }, links: ['google'] });
  });

  test('a provider account without an email is told why and not signed in', async ({ page }) => {
    await page.goto(`${START}?provider=facebook`);
    const callback = await callbackAfter(page, () => page.getByRole('link', { name: 'Continue as Phil Phoneonly' }).click());
    expect(callback.headers()['location']).toBe('/login');
    expect((await flashOf(callback))?.message).toBe(
      'Facebook did not share your email address, which we need for your account. Allow access to your email, or register with your email and password.',
    );
    expect(await whoAmI(page)).toMatchObject({ signedIn: false });
  });
});
