import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures';
import { pngBytes, shoot, signIn, uniqueEmail, watchConsole } from './helpers';

test.describe('account area: profile', () => {
  test('a guest who opens /user/* is sent to /login with a redirect back (303, private)', async ({ request }) => {
    for (const path of ['/user/profile', '/user/addresses', '/user/orders']) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(303);
      expect(res.headers()['location']).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      expect(res.headers()['cache-control']).toBe('private, no-store');
    }
    const api = await request.get('/api/v1/user/profile');
    expect(api.status()).toBe(401);
    expect((await api.json()).status).toBe(401);
  });

  test('edit name and phone, upload an avatar and see it, wrong image type gets the spec message', async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, uniqueEmail('profile'), 'Ada Lovelace');
    const res = await page.goto('/user/profile');
    expect(res?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // A bad phone is refused with a message next to the form.
    await page.getByLabel('Phone (optional)').fill('12');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid phone number' })).toBeVisible();

    await page.getByLabel('Name').fill('Ada King');
    await page.getByLabel('Phone (optional)').fill('(555) 123-4567');
    await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngBytes() });
    await page.getByRole('button', { name: 'Save profile' }).click();
    const avatar = page.getByRole('img', { name: 'Your profile picture' });
    await expect(avatar).toBeVisible();
    await expect(page.locator('.profile-name')).toHaveText('Ada King');
    const src = await avatar.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/avatars\/[0-9a-f]+\.png$/);
    const img = await page.request.get(src!);
    expect(img.headers()['content-type']).toBe('image/png');
    expect(img.headers()['x-content-type-options']).toBe('nosniff');
    expect(img.headers()['cache-control']).toContain('immutable');
    expect(await avatar.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(256);

    // A GIF named .png, and a text file: the spec's message.
    await page
      .getByLabel('Profile picture')
      .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Supported images: jpg, png (Max size: 1000kb)' })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Ada King');
    await expect(page.getByLabel('Phone (optional)')).toHaveValue('(555) 123-4567');
    expect(await page.request.get('/uploads/../../etc/passwd').then((r) => r.status())).toBe(404);
    expect(problems).toEqual([]);
  });

  test('without JavaScript the profile form posts to the page and shows the image message', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, uniqueEmail('nojs-profile'));
    await page.goto('/user/profile');
    await page.getByLabel('Profile picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Supported images: jpg, png (Max size: 1000kb)' })).toBeVisible();
    await page.getByLabel('Name').fill('No Script');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.locator('.profile-name')).toHaveText('No Script');
    await context.close();
  });

  test('account deletion asks first, then signs out', async ({ page }) => {
    await signIn(page, uniqueEmail('delete'));
    await page.goto('/user/profile');
    await page.getByText('Delete my account').click();
    await expect(page.getByText('Do you really want to delete?').last()).toBeVisible();
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Yes, delete' }).last().click();
    await expect(page).toHaveURL(/\/$/);
    const res = await page.request.get('/api/v1/user/profile');
    expect(res.status()).toBe(401);
  });

  test('profile page: axe finds no violations; screenshots', async ({ page }) => {
    test.slow(); // signs in, seven pages, an axe scan and two full-page screenshots
    await signIn(page, uniqueEmail('axe-profile'), 'Grace Hopper');
    await page.goto('/user/profile');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    await shoot(page, 'profile');
    for (const path of ['vouchers', 'orders', 'wishlists', 'compared', 'following']) {
      await page.goto(`/user/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    }
    await page.goto('/user/orders');
    await shoot(page, 'orders');
  });
});
