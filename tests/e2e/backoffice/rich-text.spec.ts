import { test, expect } from '../fixtures';
import { DEMO_OWNER, DEMO_PASSWORD } from '@/server/demo/accounts';

/**
 * The one rich-text editor (issue 34) as an operator meets it: bold text typed in the blog editor's body (the
 * toolbar's Bold button, reached with the keyboard), saved through the plain text area it enhances, is <strong>
 * on the storefront's post.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('the owner types bold text in the editor, saves, and the post shows it in <strong>', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/login?redirect=%2Fadmin%2Fblog%2Fnew');
  await page.getByLabel('Email').fill(DEMO_OWNER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);

  const slug = `rich-text-${Date.now().toString(36)}`;
  await page.getByLabel('Title', { exact: true }).fill('Rich text in the shop');
  await page.getByLabel('Slug (web address)').fill(slug);
  // The island replaces the text area once it has loaded; the text area stays the form's field (hidden).
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('textarea#f-content')).toBeHidden();
  const body = page.getByRole('textbox', { name: 'Text', exact: true });
  await body.click();
  await body.pressSequentially('Plain words, then ');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await body.pressSequentially('bold words');
  await expect(body.locator('strong')).toHaveText('bold words');
  await page.getByRole('button', { name: 'Save the post' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+\?lang=en$/);
  await expect(page.getByText('The post is saved.')).toBeVisible();

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rich text in the shop' })).toBeVisible();
  await expect(page.locator('.post-article .prose strong')).toHaveText('bold words');
  expect(errors).toEqual([]);
  await context.close();
});
