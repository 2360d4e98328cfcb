import { test, expect } from '../fixtures';
import { signUpByApi, uniqueEmail } from '../fixtures/auth';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';

/**
 * Moderation (issue 34), with JavaScript off: a shopper reports a review from the product page; the operator finds
 * it first among the reported ones, hides it with a reason (gone from the product page), then shows it again.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ javaScriptEnabled: false });

test('a reported review is hidden from the product page by the operator, then shown again (JS off)', async ({
  browser,
  baseURL,
  known,
}) => {
  const owner = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const admin = await owner.newPage();
  await admin.goto('/login?redirect=%2Fadmin%2Freviews');
  await admin.getByLabel('Email').fill(DEMO_OWNER);
  await admin.getByLabel('Password').fill(DEMO_PASSWORD);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();

  // A product no other spec counts the reviews of, and the review its page shows first.
  const knownSlugs = new Set(Object.values(known).map((p) => p.slug));
  const listed = (await (await admin.request.get('/api/v1/admin/reviews?status=shown&per_page=100')).json()).data.items as {
    product_slug: string;
  }[];
  const slug = listed.find((r) => !knownSlugs.has(r.product_slug))!.product_slug;
  const first = (await (await admin.request.get(`/api/v1/reviews/${slug}`)).json()).data.all[0] as { id: number };
  const reportForm = `form[action="/api/v1/reviews/${first.id}/report"]`;

  const shopper = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await signUpByApi(shopper.request, uniqueEmail('reporter'));
  const phone = await shopper.newPage();
  await phone.goto(`/products/product/${slug}`);
  await phone.locator(reportForm).getByRole('button').click();
  await expect(phone.getByText('Thank you: the moderators will look at this review.')).toBeVisible();

  await admin.goto('/admin/reviews?reported=1');
  const card = admin.locator(`#review-${first.id}`);
  await expect(card).toContainText('Reports: 1');
  await card.getByLabel('Why is it hidden? (mailed to the author)').fill('Off topic');
  await card.getByRole('button', { name: 'Hide' }).click();
  await expect(admin.getByText('The review is hidden and the author is mailed why.')).toBeVisible();

  const guest = await browser.newPage();
  await guest.goto(`/products/product/${slug}`);
  await expect(guest.locator('#reviews')).toBeVisible();
  await expect(guest.locator(reportForm)).toHaveCount(0);

  await admin.goto(`/admin/reviews?status=hidden`);
  await admin.locator(`#review-${first.id}`).getByRole('button', { name: 'Show again' }).click();
  await expect(admin.getByText('The review is shown again.')).toBeVisible();
  // A new guest (the first one's browser may keep the page a minute: Cache-Control max-age=60).
  const later = await browser.newPage();
  await later.goto(`/products/product/${slug}`);
  await expect(later.locator(reportForm)).toHaveCount(1);
  await owner.close();
  await shopper.close();
});
