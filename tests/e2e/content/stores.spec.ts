import { test, expect } from '../fixtures';
import { mailCode, nextMail, signInWithForm, signUpByApi, uniqueEmail } from '../fixtures/auth';

const STORE = 'cable-corner';

test.describe('store pages', () => {
  test('/stores lists every store and leads to its page', async ({ page }) => {
    await page.goto('/stores');
    const tiles = page.locator('main .store-tile');
    expect(await tiles.count()).toBeGreaterThanOrEqual(6);
    await page.getByRole('link', { name: 'Cable Corner' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${STORE}$`));
  });

  test('a store page shows banner, logo, since, rating, followers, vouchers and its products with filters', async ({ page }) => {
    await page.goto(`/shop/${STORE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cable Corner' })).toBeVisible();
    const head = page.getByRole('region', { name: 'Cable Corner' });
    await expect(head.locator('.store-banner')).toBeVisible();
    await expect(head.locator('.store-logo')).toBeVisible();
    await expect(head).toContainText(/Selling since \w+ \d{4}/);
    await expect(head).toContainText(/Rated \d\.\d out of 5 from \d+ reviews/);
    await expect(head.locator('[data-followers]')).toHaveText(/\d+ followers?/);
    await expect(page.getByRole('heading', { name: 'Store vouchers' })).toBeVisible();
    expect(await page.locator('.store-voucher').count()).toBeGreaterThan(0);
    const tiles = page.locator('.listing-main article');
    expect(await tiles.count()).toBeGreaterThan(0);
    // The listing filters narrow the store's own products: a price range, then sort.
    const api = await (await page.request.get(`/api/v1/store/${STORE}?min=1000&max=2000&sort=price_asc`)).json();
    expect(api.data.store).toMatchObject({
      slug: STORE,
      name: 'Cable Corner',
      review_count: expect.any(Number),
      followers: expect.any(Number),
    });
    expect(api.data.following).toBeNull();
    const prices = (api.data.result.data as Array<{ selling: number; offered: number; price: number | null }>).length;
    expect(prices).toBeGreaterThan(0);
    await page.goto(`/shop/${STORE}?min=10&max=20&sort=price_asc`);
    expect(await tiles.count()).toBe(Math.min(api.data.result.total, 20));
    expect((await page.request.get('/api/v1/store/no-such-store')).status()).toBe(404);
    expect((await page.goto('/shop/no-such-store'))?.status()).toBe(404);
  });

  test('a guest who wants to follow signs in and comes back; follow and unfollow change the count', async ({ page, request }) => {
    const email = uniqueEmail('follower');
    await signUpByApi(request, email);
    expect((await request.post('/api/v1/user/verify', { data: { email, code: mailCode(await nextMail(email)) } })).status()).toBe(200);

    await page.goto(`/shop/${STORE}`);
    const followers = page.locator('[data-followers]');
    const before = Number((await followers.textContent())!.match(/\d+/)![0]);
    await page.getByRole('link', { name: 'Follow: Cable Corner' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fshop%2Fcable-corner$/);
    await signInWithForm(page, email, 'secret-pass');
    await expect(page).toHaveURL(new RegExp(`/shop/${STORE}$`));

    await page.getByRole('button', { name: 'Follow: Cable Corner' }).click();
    await expect(page.getByRole('button', { name: 'Following: Cable Corner' })).toHaveAttribute('aria-pressed', 'true');
    await expect(followers).toHaveText(`${before + 1} ${before + 1 === 1 ? 'follower' : 'followers'}`);
    const list = await (await page.request.get('/api/v1/user/store/following-list')).json();
    expect(list.data.data.map((s: { slug: string }) => s.slug)).toContain(STORE);
    expect((await (await page.request.get(`/api/v1/store/${STORE}`)).json()).data.following).toBe(true);

    await page.getByRole('button', { name: 'Following: Cable Corner' }).click();
    await expect(page.getByRole('button', { name: 'Follow: Cable Corner' })).toHaveAttribute('aria-pressed', 'false');
    await expect(followers).toHaveText(`${before} ${before === 1 ? 'follower' : 'followers'}`);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the store page and its filter form work', async ({ page }) => {
      await page.goto(`/shop/${STORE}`);
      await page.getByLabel('Min ($)').fill('10');
      await page.getByRole('button', { name: 'Apply' }).first().click();
      await expect(page).toHaveURL(/\/shop\/cable-corner\?.*min=10/);
      await expect(page.getByRole('heading', { level: 1, name: 'Cable Corner' })).toBeVisible();
    });
  });
});
