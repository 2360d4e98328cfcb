import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, keepShot } from '../fixtures';
import { isSignedIn, uniqueEmail } from '../fixtures/auth';

test('a signed-in visitor on the guest-only pages is sent home', async ({ page }) => {
  await page.request.post('/test-only/session', { data: { email: uniqueEmail('guard') } });
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  }
});

test('a cross-origin JSON post that carries the session cookie is refused with 403', async ({ page, baseURL }) => {
  await page.request.post('/test-only/session', { data: { email: uniqueEmail('csrf') } });
  const forged = await page.request.post('/api/v1/user/logout', { data: {}, headers: { origin: 'https://evil.example' } });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).status).toBe(403);
  // A logout link on another site (GET, cross-site) does not sign the shopper out either.
  const linked = await page.request.get('/api/v1/user/logout', {
    headers: { 'sec-fetch-site': 'cross-site', accept: 'text/html' },
    maxRedirects: 0,
  });
  expect(linked.status()).toBe(303);
  expect(await isSignedIn(page.request)).toBe(true);
  const own = await page.request.post('/api/v1/user/logout', { data: {}, headers: { origin: baseURL! } });
  expect(own.status()).toBe(200);
  expect(await isSignedIn(page.request)).toBe(false);
});

// One page (two widths and one axe scan) per test: the three pages in one test were a 30 s risk on a busy machine.
for (const path of ['/login', '/register', '/forgot-password']) {
  test(`${path} passes axe and looks right at 390 and 1280 px`, async ({ page }) => {
    fs.mkdirSync('/tmp/shots/auth', { recursive: true });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/page/privacy-policy');
      await keepShot(page, { path: `/tmp/shots/auth${path}-${width}.png`, fullPage: true });
    }
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(violations).toEqual([]);
  });
}

test('the sign-in form says what is missing, without breaking a CSP rule', async ({ page }) => {
  fs.mkdirSync('/tmp/shots/auth', { recursive: true });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('[data-error-for="email"]')).toHaveText('Email is required');
  await keepShot(page, { path: '/tmp/shots/auth/login-errors-1280.png', fullPage: true });
  expect(violations).toEqual([]);
});
