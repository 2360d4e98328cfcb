import AxeBuilder from '@axe-core/playwright';
import { generate } from 'otplib';
import { test, expect, keepShot } from '../fixtures';
import { mailLink, nextMail, uniqueEmail } from '../fixtures/auth';
import { DEMO_OWNER, DEMO_PASSWORD, DEMO_STAFF } from '@/server/demo/accounts';
import { placedOrder } from '../reviews/review-page';

/**
 * The back office as an operator meets it (issue 29): the owner signs in, reads today's counts, invites a staff
 * member with order permissions and requires two-factor sign-in; the new member sets a password from the mail's
 * link, signs in on a phone in Arabic, sets up two-factor sign-in and sees only what was granted.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('the owner invites a staff member, who signs in with two-factor and sees only what was granted (1280 px; 390 px in Arabic)', async ({
  browser,
  baseURL,
}) => {
  const owner = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  await page.getByLabel('Email').fill(DEMO_OWNER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  // The counts are the service's: the same as the JSON API says.
  const counts = (await (await page.request.get('/api/v1/admin')).json()).data.attention as Record<string, { count: number }>;
  await expect(page.locator('.bo-attention li').filter({ hasText: 'Products out of stock' }).locator('.bo-count')).toHaveText(
    String(counts.out_of_stock!.count),
  );

  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('table', { name: 'Staff' }).getByRole('cell', { name: DEMO_OWNER })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.getByRole('link', { name: 'Invite a staff member' }).click();
  const email = uniqueEmail('staff');
  await page.getByLabel('Name').fill('Nadia Staff');
  await page.getByLabel('Email').fill(email);
  await expect(page.getByRole('checkbox', { name: 'See orders' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Confirm, ship and cancel orders' }).check();
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The invitation is sent.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Nadia Staff' })).toBeVisible();
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: 'Require it' }).click();
  await expect(page.getByText('Staff and sellers must sign in with a code from an authenticator app.')).toBeVisible();

  try {
    // The member, on a phone, in Arabic: the mail's link, a password, then the back office.
    const link = mailLink(await nextMail(email), '/reset-password');
    const staff = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'ar' });
    const phone = await staff.newPage();
    await phone.goto(link);
    await phone.locator('input[name="password"]').fill('nadia-long-password');
    await phone.locator('input[name="password_confirmation"]').fill('nadia-long-password');
    await phone.locator('form button[type="submit"]').click();
    await expect(phone).toHaveURL(/\/login\?reset=1/);
    await phone.goto('/ar/login?redirect=%2Far%2Fadmin');
    await phone.locator('input[name="email"]').fill(email);
    await phone.locator('input[name="password"]').fill('nadia-long-password');
    await phone.locator('form button[type="submit"]').click();
    // The owner requires two-factor sign-in: set it up before anything else opens.
    await expect(phone).toHaveURL(/\/ar\/admin\/two-factor\?redirect=/);
    await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(phone.getByText('يطلب مالك المتجر التحقق بخطوتين. أعدّه للمتابعة.')).toBeVisible();
    await phone.getByRole('button', { name: 'إعداد التحقق بخطوتين' }).click();
    await expect(phone.getByRole('img', { name: 'رمز QR لمفتاح التحقق بخطوتين' })).toBeVisible();
    const secret = (await phone.locator('.bo-secret').textContent())!.trim();
    await phone.getByLabel('الرمز').fill(await generate({ secret }));
    await phone.getByRole('button', { name: 'تفعيل' }).click();
    // On to where she was going, with her recovery codes in the message.
    await expect(phone).toHaveURL(/\/ar\/admin$/);
    await expect(phone.getByRole('status').filter({ hasText: 'دوّن رموز الاسترداد' })).toBeVisible();
    await keepShot(phone, { path: test.info().outputPath('staff-home-390-ar.png'), fullPage: true });
    // At 390 px the menu is one line ("Menu · Home") that opens the list.
    const menu = phone.getByRole('navigation', { name: 'لوحة الإدارة' });
    await expect(menu.getByRole('link', { name: 'الرئيسية' })).toBeHidden();
    await menu.getByText('القائمة').click();
    await expect(menu.getByRole('link', { name: 'الرئيسية' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'الموظفون' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'سجل التغييرات' })).toHaveCount(0);
    const refused = await phone.goto('/ar/admin/staff');
    expect(refused!.status()).toBe(403);
    await expect(phone.getByText('لا يُسمح لحسابك بفتح هذه الصفحة. اطلب الإذن من مالك المتجر.')).toBeVisible();
    // A new sign-in asks for the code again.
    await staff.clearCookies();
    await phone.goto('/login?redirect=%2Fadmin');
    await phone.locator('input[name="email"]').fill(email);
    await phone.locator('input[name="password"]').fill('nadia-long-password');
    await phone.locator('form button[type="submit"]').click();
    await expect(phone).toHaveURL(/\/admin\/two-factor\?redirect=%2Fadmin/);
    await phone.getByLabel('Code').fill(await generate({ secret }));
    await phone.getByRole('button', { name: 'Continue' }).click();
    await expect(phone).toHaveURL(/\/admin$/);
    await staff.close();

    // The owner reads what happened in the audit log.
    await page.goto('/admin/audit');
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log.getByRole('cell', { name: 'staff.invite' })).toBeVisible();
    await expect(log.getByRole('cell', { name: 'account.two-factor-on' })).toBeVisible();
    await keepShot(page, { path: test.info().outputPath('audit-1280.png'), fullPage: true });

    // The mail outbox: the invitation went out, so it is listed among sent mails (never its text).
    await page.getByRole('link', { name: 'Mail', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
    await page.getByRole('link', { name: 'Sent', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Mail outbox' }).getByRole('cell', { name: /invit/i }).first()).toBeVisible();
  } finally {
    await page.goto('/admin/staff');
    await page.getByRole('button', { name: 'Stop requiring it' }).click();
    await expect(page.getByText('Staff and sellers may choose two-factor sign-in; it is not required.')).toBeVisible();
    await owner.close();
  }
});

test('a seller signs in to their own panel; the operator’s is closed to them', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const res = await page.request.post('/api/v1/user/signin', {
    data: { email: 'seller+volt-depot@voltmart.test', password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  await page.goto('/seller');
  await expect(page.getByRole('heading', { level: 1, name: 'Your store' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volt Depot' })).toBeVisible();
  expect((await page.goto('/admin'))!.status()).toBe(403);
  await context.close();
});

test('the orders-only staff member confirms a shopper’s order from the back office, without JavaScript', async ({
  browser,
  baseURL,
  known,
}) => {
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  const { orderId } = await placedOrder(shopper, baseURL!, known, 8, 'Olga Ordered');

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fadmin');
  await page.getByLabel('Email').fill(DEMO_STAFF);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Orders waiting to be confirmed' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
  await expect(page.getByRole('link', { name: 'Pending', exact: false }).first()).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Search by order number, name, email or phone').fill('Olga Ordered');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible();
  await page.getByLabel('New status').selectOption('confirmed');
  await page.getByLabel('Note for the shopper (optional)').fill('Packed and ready');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('status').filter({ hasText: "The order's status is changed; the shopper is mailed." })).toBeVisible();
  await expect(page.locator('.bo-timeline')).toContainText('Packed and ready');
  await keepShot(page, { path: test.info().outputPath('order-1280.png'), fullPage: true });
  // The shopper sees it on their own order.
  const mine = (await (await shopper.request.get(`/api/v1/order/by-user?order_id=${orderId}`)).json()).data;
  expect(mine.status).toBe('confirmed');
  await context.close();
  await shopperContext.close();
});
