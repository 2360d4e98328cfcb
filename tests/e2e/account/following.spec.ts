import { test, expect } from '../fixtures';
import { shoot, signIn, uniqueEmail } from './helpers';

test('follow a store through the API, see it on /user/following, unfollow it there', async ({ page }) => {
  await signIn(page, uniqueEmail('follow'));
  const res = await page.request.post('/api/v1/user/store/follow', { data: { store_id: 1, follow: true } });
  const followed = await res.json();
  expect(followed).toMatchObject({ status: 200, data: { following: true } });
  const again = await (await page.request.post('/api/v1/user/store/follow', { data: { store_id: 1, follow: true } })).json();
  expect(again.data.followers).toBe(followed.data.followers);
  const name = followed.data.store.name as string;

  await page.goto('/user/following');
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByRole('link', { name })).toBeVisible();
  await expect(card.getByRole('img', { name: `${name} logo` })).toBeVisible();
  await shoot(page, 'following');
  await card.getByRole('button', { name: `Unfollow: ${name}` }).click();
  await expect(page.getByText("You don't follow any store yet.")).toBeVisible();
  const list = await (await page.request.get('/api/v1/user/store/following-list')).json();
  expect(list.data.data).toEqual([]);
});

test('vouchers page lists held vouchers (empty state for a new user)', async ({ page }) => {
  await signIn(page, uniqueEmail('vouchers'));
  await page.goto('/user/vouchers');
  await expect(page.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  await expect(page.getByText('You have no vouchers yet.')).toBeVisible();
  const api = await (await page.request.get('/api/v1/user/user-vouchers')).json();
  expect(api).toMatchObject({ status: 200, data: { data: [] } });
});
