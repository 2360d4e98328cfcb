import { test, expect } from '../fixtures';
import { nextMail, uniqueEmail } from '../fixtures/auth';

test.describe('contact page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the shop details, keeps what was typed on an error and thanks the sender on success', async ({ page }) => {
    await page.goto('/page/contact');
    await expect(page.getByRole('link', { name: '+1 512 555 0100' })).toHaveAttribute('href', 'tel:+15125550100');
    await expect(page.getByRole('link', { name: 'support@voltmart.example' })).toHaveAttribute('href', 'mailto:support@voltmart.example');
    await expect(page.getByText('418 Congress Ave, Austin, TX 78701, United States').last()).toBeVisible();

    const email = uniqueEmail('contact');
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Your email').fill('not-an-email');
    await page.getByLabel('Message', { exact: true }).fill('My charger arrived without its cable.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/page\/contact$/);
    await expect(page.locator('.contact-form [role="alert"]')).toHaveText('Invalid email');
    await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('My charger arrived without its cable.');
    await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Subject is required')).toBeVisible();

    await page.getByLabel('Your email').fill(email);
    await page.getByLabel('Subject').fill('Missing cable');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Thank you. We will answer within one business day.')).toBeVisible();
    const ack = await nextMail(email);
    expect(ack.subject).toBe('We received your message: Missing cable');
    const toShop = await nextMail('support@voltmart.example');
    expect(toShop.text).toContain('My charger arrived without its cable.');
  });
});
