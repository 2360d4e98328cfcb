import { test, expect } from '../fixtures';
import { showNotices } from './helpers';

/** Issue 11 item 7: after Escape closed the popup, the focus was lost on <body>. */
for (const [width, phone] of [
  [390, true],
  [1280, false],
] as const) {
  test(`at ${width} px, Escape closes the popup and the focus goes to the page's heading`, async ({ shop, page, context }) => {
    await page.setViewportSize({ width, height: 850 });
    await showNotices(context);
    await shop.open(phone ? '/all/chargers-adapters' : '/site-map');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // The next Tab goes on from there, not from the top of the document.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  });
}

test('closing the popup with its button also puts the focus on the heading', async ({ shop, page, context }) => {
  await showNotices(context);
  await shop.open('/site-map');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
