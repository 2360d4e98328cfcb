import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures';
import { startServer, stop, type Server } from '../platform/server-process';

/**
 * The install wizard in Chromium with JavaScript off (issue 18): a server started with `--setup` on a
 * fresh data directory prints a one-time token; a person pastes it, walks the five steps with plain
 * forms, lands on their shop, and /install is gone — also after a restart with `--setup` again.
 */
const PORT = Number(process.env.E2E_PORT ?? 4399) + 50;

test.describe.configure({ mode: 'serial', timeout: 600_000 });
test.use({ javaScriptEnabled: false, baseURL: `http://127.0.0.1:${PORT}` });

let dataDir = '';
let server: Server | undefined;

test.beforeAll(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-install-e2e-')), 'data');
});
test.afterAll(async () => {
  if (server) await stop(server);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

const tokenIn = (output: string) => /SETUP TOKEN: (\S+)/.exec(output)?.[1];

/** axe needs scripts: the same step is opened in a second context with JavaScript on and the same cookies. */
async function expectAccessible(page: import('@playwright/test').Page) {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    await context.addCookies(await page.context().cookies());
    const checked = await context.newPage();
    await checked.goto(page.url());
    const { violations } = await new AxeBuilder({ page: checked }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  } finally {
    await context.close();
  }
}

test('a fresh shop started with --setup is installed through /install without JavaScript', async ({ page }) => {
  server = await startServer({ DATA_DIR: dataDir }, PORT, ['--build', 'dist-e2e', '--setup']);
  expect(server.output(), server.output()).toContain('is ready at');
  const token = tokenIn(server.output());
  expect(token, server.output()).toBeTruthy();

  // Any page of the shop leads to the wizard while it is not installed.
  await page.goto('/');
  await expect(page).toHaveURL(/\/install$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Install your shop' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 1 of 5: Setup token' })).toBeVisible();
  await expectAccessible(page);

  // 1. A wrong token is refused with the message; the printed one opens the wizard.
  await page.getByLabel('Setup token').fill('not-the-token');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    "This is not the setup token printed on the server's console. Copy it again: a new one is printed each time the server starts.",
  );
  await page.getByLabel('Setup token').fill(token!);
  await page.getByRole('button', { name: 'Continue' }).click();

  // 2. Database: a URL that is no PostgreSQL URL is refused; the embedded database is taken.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 2 of 5: Database' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('PostgreSQL server (version 15 or newer, an empty database)').check();
  await page.getByLabel('PostgreSQL URL').fill('mysql://root@localhost/shop');
  await page.getByRole('button', { name: 'Test and use this database' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    'This is not a PostgreSQL URL: write it as postgres://user:password@host:5432/database.',
  );
  await page.getByLabel('Embedded database (kept in the data folder)').check();
  await page.getByRole('button', { name: 'Test and use this database' }).click();

  // 3. Folders and disk space.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 3 of 5: Folders and disk space' })).toBeVisible();
  await expect(page.getByText('The shop now uses the embedded database.')).toBeVisible();
  await expect(page.getByText('Data folder: ready')).toBeVisible();
  await expect(page.getByText('Disk space: ready')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Check again and continue' }).click();

  // 4. The operator and the shop: a mismatched confirmation is refused beside its field, then saved.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 4 of 5: Your shop and account' })).toBeVisible();
  await expectAccessible(page);
  const fill = async (confirm: string) => {
    await page.getByLabel('Your name').fill('Ada Operator');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm password').fill(confirm);
    await page.getByLabel('Shop name').fill('Ada Electronics');
    await page.getByLabel('Primary colour').fill('#aa3300');
    await page.getByLabel('Currency', { exact: true }).fill('EUR');
    await page.getByLabel('Currency symbol', { exact: true }).fill('€');
    await page.getByLabel('Currency symbol position').selectOption('2');
  };
  await fill('something-else');
  await page.getByRole('button', { name: 'Create the account and save the shop' }).click();
  await expect(page.locator('#field-password_confirmation-error')).toHaveText("Password didn't match");
  await expect(page.getByLabel('Shop name')).toHaveValue('Ada Electronics');
  await fill('secret-123');
  const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#aa3300' } })
    .png()
    .toBuffer();
  await page.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await page.getByRole('button', { name: 'Create the account and save the shop' }).click();

  // 5. Demo data, then the shop.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 5 of 5: Demo data' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Load the demo shop').check();
  await page.getByRole('button', { name: 'Finish the install' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 120_000 });
  await expect(page.getByText('The install is complete. Welcome to your shop!')).toBeVisible();
  await expect(page.locator('header img[src^="/uploads/brand/logo-"]').first()).toBeVisible();
  await expect(page.locator('main a[href*="/product/"]').first()).toBeVisible();
  // Signed in as the operator (the browser's session cookie).
  const profile = await (await page.request.get('/api/v1/user/profile')).json();
  expect(profile.data).toMatchObject({ is_logged_in: true, name: 'Ada Operator', email: 'ada@example.com' });

  // The wizard is gone.
  const gone = await page.goto('/install');
  expect(gone!.status()).toBe(404);
  expect((await fetch(`${server.origin}/api/v1/install/configured`)).status).toBe(404);
  const config = JSON.parse(fs.readFileSync(path.join(dataDir, 'voltmart.json'), 'utf8'));
  expect(config.installed_at).toEqual(expect.any(String));
  expect(fs.statSync(path.join(dataDir, 'voltmart.json')).mode & 0o777).toBe(0o600);
});

test('after a restart, even with --setup, the wizard stays gone and the shop keeps its settings', async ({ page }) => {
  await stop(server!);
  server = await startServer({ DATA_DIR: dataDir }, PORT, ['--build', 'dist-e2e', '--setup']);
  expect(server.output(), server.output()).toContain('is ready at');
  expect(server.output()).not.toContain('SETUP TOKEN');
  expect((await page.goto('/install'))!.status()).toBe(404);
  expect((await fetch(`${server.origin}/api/v1/install/configured`)).status).toBe(404);
  const common = await (await fetch(`${server.origin}/api/v1/common`)).json();
  expect(common.data.site_setting.site_name).toBe('Ada Electronics');
  expect(common.data.setting).toMatchObject({ currency: 'EUR', currency_icon: '€', currency_position: 2 });
  await page.goto('/');
  await expect(page.locator('main a[href*="/product/"]').first()).toBeVisible();
});
