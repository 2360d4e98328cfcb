import { test, expect } from '../fixtures';
import { mailLink, nextMail, uniqueEmail } from '../fixtures/auth';

test.describe('newsletter double opt-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('subscribe, confirm by the mailed link, subscribe again without an error, unsubscribe with the button', async ({ page }) => {
    test.slow(); // four pages and a mail
    const email = uniqueEmail('reader');
    await page.goto('/blog');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status')).toContainText('check your email and open the link to confirm');
    const mail = await nextMail(email);
    expect(mail.subject).toMatch(/^Confirm your subscription to /);

    const confirm = new URL(mailLink(mail, '/newsletter/confirm'));
    await page.goto(confirm.pathname + confirm.search);
    await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();

    await footer.getByRole('textbox', { name: 'Email address' }).fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status')).toContainText('You are already subscribed');

    const leave = new URL(mailLink(mail, '/newsletter/unsubscribe'));
    await page.goto(leave.pathname + leave.search);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    expect((await page.goto('/newsletter/confirm?token=not-a-real-token-xyz'))?.status()).toBe(404);
  });
});
