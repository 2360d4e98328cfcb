import { test, expect } from '../fixtures';

// The server renders the island; with `client:interaction` its script (and React) must not load
// until a person touches the page, and then the island must work.
test('client:interaction downloads React only after the first interaction, then the island works', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/test-only/island');
  const button = page.getByRole('button', { name: 'Pressed 0 times' });
  await expect(button).toBeVisible();
  await page.waitForLoadState('networkidle');
  const beforeInteraction = [...scripts];
  expect(
    beforeInteraction.some((u) => /PressCounter|client\.|react/i.test(u)),
    beforeInteraction.join('\n'),
  ).toBe(false);

  // The first press wakes the island; once hydrated, presses count.
  await button.click();
  await expect.poll(() => scripts.some((u) => /PressCounter/i.test(u)), { message: 'the island script is fetched' }).toBe(true);
  await expect(async () => {
    await page.getByRole('button', { name: /Pressed \d+ times/ }).click();
    await expect(page.getByRole('button', { name: /Pressed [1-9]\d* times/ })).toBeVisible({ timeout: 500 });
  }).toPass();
});
