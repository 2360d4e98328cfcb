import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import postgres from 'postgres';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, keepShot } from '../fixtures';
import { DEMO_SETTINGS } from '@/server/demo/data/settings';
import { lastMailTo, codeIn } from '@/server/mail/outbox';
import { startServer, stop, type Server } from '../platform/server-process';
import { CheckoutFlow, productToBuy } from '../checkout/checkout-page';
import { photoFile } from '../reviews/review-page';

/**
 * After the order (issue 15): a cash-on-delivery order placed at checkout is moved along by the
 * operator's command (npm run shop -- order:status), and the shopper's tracker shows every step with its
 * date; another order is cancelled before shipping and its stock comes back; a guest tracks the order
 * with JavaScript off. The operator's command needs the database to itself on the embedded database
 * (docs/decisions/0021), so this spec runs its own production server on PostgreSQL, as a shop that keeps
 * running while orders move would.
 */
const execAsync = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const PORT = Number(process.env.E2E_PORT ?? 4399) + 9;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = `voltmart_e2e_orders_${process.pid}`;
const DB_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${NAME}`);
const DATA_DIR = `/tmp/voltmart-e2e-orders-${PORT}`;
const OUTBOX = path.join(DATA_DIR, 'mail');
const PHOTO_DIR = mkdtempSync('/tmp/voltmart-order-photos-');

test.describe.configure({ mode: 'serial', timeout: 600_000 });

let admin: postgres.Sql;
let server: Server;
let context: BrowserContext;
let page: Page;
const email = `orders.${Date.now().toString(36)}@example.com`;
let deliveredId = '';

async function shopperContext(browser: Browser, javaScriptEnabled = true) {
  const ctx = await browser.newContext({ baseURL: server.origin, javaScriptEnabled });
  await ctx.addCookies([{ name: 'frontend_cookie_notice', value: 'dismissed', url: server.origin }]);
  await ctx.addInitScript(
    (names: string[]) => {
      try {
        for (const name of names) localStorage.setItem(`voltmart:dismissed:${name}`, '1');
      } catch {
        /* opaque origins */
      }
    },
    [`popup:${DEMO_SETTINGS.popup_banner.version}`, 'cookie:1'],
  );
  return ctx;
}

/** The operator's command against this spec's database; resolves with its exit code and output. */
async function shop(...args: string[]) {
  try {
    const { stdout, stderr } = await execAsync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/shop.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: DB_URL, DATA_DIR, PUBLIC_URL: server.origin },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function axe(p: Page) {
  const results = await new AxeBuilder({ page: p }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

async function shoot(p: Page, name: string) {
  for (const width of [390, 1280]) {
    await p.setViewportSize({ width, height: 900 });
    await keepShot(p, { path: `test-results/orders-${name}-${width}.png`, fullPage: true });
  }
}

const post = (p: Page, url: string, data: unknown, headers: Record<string, string> = {}) =>
  p.request.post(url, { data, headers: { origin: server.origin, accept: 'application/json', ...headers } });

async function stockOf(p: Page, slug: string): Promise<number> {
  return (await (await p.request.get(`/api/v1/product/${slug}`)).json()).data.stock;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${NAME} with (force)`);
  await admin.unsafe(`create database ${NAME}`);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = await startServer(
    { DATABASE_URL: DB_URL, DATABASE_POOL: '4', SEED: 'demo', DATA_DIR, PUBLIC_URL: `http://127.0.0.1:${PORT}` },
    PORT,
    ['--build', 'dist-e2e'],
  );
  expect(server.output(), server.output()).toContain('is ready at');
  context = await shopperContext(browser);
  page = await context.newPage();
  // A verified shopper with a US address.
  expect(
    (
      await post(page, '/api/v1/user/signup', {
        name: 'Order Tester',
        email,
        password: 'secret-pass',
        password_confirmation: 'secret-pass',
      })
    ).status(),
  ).toBe(200);
  await expect.poll(async () => (await lastMailTo(OUTBOX, email))?.text ?? '', { timeout: 30_000 }).toMatch(/\d{6}/);
  const code = codeIn((await lastMailTo(OUTBOX, email))!.text)!;
  expect((await post(page, '/api/v1/user/verify', { email, code })).status()).toBe(200);
  const address = await post(page, '/api/v1/user/address/action', {
    name: 'Order Tester',
    email,
    phone: '555-123-4567',
    country: 'US',
    state: 'CA',
    city: 'Fresno',
    zip: '93650',
    address_1: '1 Main St',
  });
  expect(address.status(), await address.text()).toBe(200);
});

test.afterAll(async () => {
  await context?.close();
  if (server) await stop(server);
  await admin.unsafe(`drop database if exists ${NAME} with (force)`);
  await admin.end();
});

test('a cash-on-delivery order is shipped and delivered by the operator command; the tracker shows each step with its date', async ({
  known,
}) => {
  const item = await productToBuy(page.request, known, 0);
  const product = (await (await page.request.get(`/api/v1/product/${item.slug}`)).json()).data;
  expect((await post(page, '/api/v1/cart/action', { product_id: product.id, quantity: 1 })).status()).toBe(200);
  await page.goto('/shipping');
  const flow = new CheckoutFlow(page);
  await flow.continueFromShipping();
  await flow.method('Cash on delivery').check();
  await flow.placeOrder();
  await expect(page).toHaveURL(/\/user\/order\/success\/\d+$/);
  deliveredId = page.url().split('/').pop()!;

  // The list: the new order, pending and unpaid.
  await page.goto('/user/orders');
  const card = page.locator(`[data-order="${deliveredId}"]`);
  await expect(card.locator('[data-status]')).toHaveText('Pending');
  await expect(card.getByRole('img', { name: item.title })).toBeVisible();
  await axe(page);
  await shoot(page, 'list');

  // The operator moves it along; a step out of order is refused with the reason and exit code 1.
  const refused = await shop('order:status', deliveredId, 'delivered');
  expect(refused.code, refused.out).toBe(1);
  expect(refused.out).toContain('An order that is Pending cannot become Delivered. Next it can become: confirmed, cancelled.');
  for (const [status, note] of [
    ['confirmed', ''],
    ['shipped', 'Courier VX-1042'],
    ['delivered', ''],
  ] as const) {
    const run = await shop('order:status', deliveredId, status, ...(note ? ['--note', note] : []));
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('1 status mail sent.');
  }
  // The mail is queued by the command and written by a delivery round after it (a round already sending the
  // "Shipped" mail takes it next): wait for it.
  await expect
    .poll(async () => (await lastMailTo(OUTBOX, email))?.subject ?? '', { timeout: 30_000 })
    .toContain(`your order #${deliveredId} is Delivered`);
  const mail = await lastMailTo(OUTBOX, email);
  expect(mail!.subject).toContain(`your order #${deliveredId} is Delivered`);
  expect(mail!.text).toContain(`${server.origin}/user/order/${deliveredId}`);

  await page.goto(`/user/order/${deliveredId}`);
  const tracker = page.getByRole('list', { name: 'Order status' });
  const steps = tracker.getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toContainText('Pending');
  await expect(steps.nth(3)).toContainText('Shipped / on the way');
  await expect(tracker.locator('[aria-current="step"]')).toHaveText(/Delivered/);
  // Every step but the skipped "picked up" carries its date from the history.
  for (const i of [0, 1, 3, 4]) await expect(steps.nth(i).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(steps.nth(2).locator('time')).toHaveCount(0);
  await expect(page.locator('[data-payment-status]')).toContainText('Paid');
  // Delivered: the reviews page (issue 15's reviews part) is one click away.
  await expect(page.getByRole('link', { name: 'Review your order' })).toHaveAttribute('href', `/user/order/${deliveredId}/review`);
  await expect(page.locator('[data-history]')).toContainText('Courier VX-1042');
  // Shipped: no cancel form any more.
  await expect(page.getByText('Cancel this order')).toHaveCount(0);
  await axe(page);
  await shoot(page, 'delivered');

  // The whole journey ends in a review: from the order page, a rating, a text and a photo; the review
  // with its photo is then on the product page, for everyone.
  await page.getByRole('link', { name: 'Review your order' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/order/${deliveredId}/review$`));
  const form = page.getByRole('form', { name: item.title });
  await form.getByRole('radio', { name: '5 stars' }).check();
  await form.getByLabel('Your review').fill('Arrived in four days, works as described.');
  await form.getByLabel('Add photos').setInputFiles(await photoFile(PHOTO_DIR, 'unboxing.jpg', '#8e44ad'));
  await form.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Thank you! Your review is saved.').first()).toBeVisible({ timeout: 30_000 });
  await page.goto(`/products/product/${item.slug}#reviews`);
  const mine = page.locator('#reviews').getByRole('listitem').filter({ hasText: 'Arrived in four days, works as described.' });
  await expect(mine.getByRole('img', { name: '5 out of 5' })).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Photo from Order Tester' })).toHaveAttribute(
    'src',
    /^\/uploads\/reviews\/[0-9a-f]{24}\.jpg$/,
  );
});

test('another order is cancelled before shipping, asking first, and its stock comes back', async ({ known }) => {
  const item = await productToBuy(page.request, known, 1);
  const product = (await (await page.request.get(`/api/v1/product/${item.slug}`)).json()).data;
  const before = await stockOf(page, item.slug);
  expect((await post(page, '/api/v1/cart/action', { product_id: product.id, quantity: 2 })).status()).toBe(200);
  const addressId = (await (await page.request.get('/api/v1/user/address/all')).json()).data.data[0].id;
  const placed = await post(
    page,
    '/api/v1/order/action',
    { address_id: addressId, shipping_type: 1, payment_method: 2 },
    { 'idempotency-key': `orders-e2e-${Date.now()}` },
  );
  expect(placed.status(), await placed.text()).toBe(200);
  const id = (await placed.json()).data.order_id as number;
  expect(await stockOf(page, item.slug)).toBe(before - 2);
  const confirmed = await shop('order:status', String(id), 'confirmed');
  expect(confirmed.code, confirmed.out).toBe(0);

  await page.goto(`/user/order/${id}`);
  await expect(page.getByRole('heading', { name: 'Cancel this order' })).toBeVisible();
  await page.getByText('Cancel order', { exact: true }).click();
  await expect(page.getByText('Do you really want to cancel this order?')).toBeVisible();
  await page.getByLabel('Why are you cancelling?').fill('Ordered the wrong colour');
  await shoot(page, 'cancel');
  await page.getByRole('button', { name: 'Yes, I want to cancel this order' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/order/${id}$`));
  await expect(page.locator('[data-status]').first()).toHaveText('Cancelled');
  await expect(page.locator('[data-cancellation]')).toContainText('Reason: Ordered the wrong colour');
  await expect(page.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]')).toHaveText(/Cancelled/);
  expect(await stockOf(page, item.slug)).toBe(before);
  const found = await page.request.get(`/api/v1/cancellation/find/${id}`);
  expect((await found.json()).data).toMatchObject({ order_id: id, reason: 'Ordered the wrong colour', status: 'cancelled' });
  await expect
    .poll(async () => (await lastMailTo(OUTBOX, email))?.subject ?? '', { timeout: 30_000 })
    .toContain(`your order #${id} is Cancelled`);
});

test('a guest tracks the order with JavaScript off; a wrong email reads like an unknown order', async ({ browser }) => {
  const guest = await shopperContext(browser, false);
  const g = await guest.newPage();
  await g.goto('/');
  // The header's Support menu links the page (spec §2).
  await expect(g.locator('header a[href="/track-order"]', { hasText: 'Product Tracking' }).first()).toBeAttached();
  await g.goto('/track-order');
  await expect(g.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  const wrong = 'We could not find an order with this number and this email or phone. Check both and try again.';
  for (const [number, mail] of [
    [deliveredId, 'someone.else@example.com'],
    ['999999999', email],
  ]) {
    await g.locator('[data-track-form]').getByLabel('Order number').fill(number!);
    await g.locator('[data-track-form]').getByLabel('Email').fill(mail!);
    await g.getByRole('button', { name: 'Track order' }).click();
    await expect(g.locator('[data-track-error]')).toHaveText(wrong);
  }
  await g.locator('[data-track-form]').getByLabel('Order number').fill(deliveredId);
  await g.locator('[data-track-form]').getByLabel('Email').fill(email);
  await g.getByRole('button', { name: 'Track order' }).click();
  await expect(g.getByRole('heading', { name: `Order #${deliveredId}: Delivered` })).toBeVisible();
  const steps = g.getByRole('list', { name: `Order #${deliveredId}: Delivered` }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(4).locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
  // By phone instead of email.
  await g.goto(`/track-order?order_id=${deliveredId}&phone=${encodeURIComponent('(555) 123-4567')}`);
  await expect(g.getByRole('heading', { name: `Order #${deliveredId}: Delivered` })).toBeVisible();
  await shoot(g, 'track');
  // Right to left: the tracker in Arabic.
  await g.goto(`/ar/track-order?order_id=${deliveredId}&email=${encodeURIComponent(email)}`);
  await expect(g.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(g.locator('[data-tracker] [aria-current="step"]')).toContainText('تم التسليم');
  await shoot(g, 'track-ar');
  await guest.close();
  // axe runs in the page, so with JavaScript on: the form with an error, and the result.
  const seeing = await shopperContext(browser);
  const a = await seeing.newPage();
  await a.goto(`/track-order?order_id=${deliveredId}&email=nobody%40example.com`);
  await expect(a.locator('[data-track-error]')).toHaveText(wrong);
  await axe(a);
  await a.goto(`/track-order?order_id=${deliveredId}&email=${encodeURIComponent(email)}`);
  await expect(a.locator('[data-track-result]')).toBeVisible();
  await axe(a);
  await seeing.close();
});

test('an empty order list says so and offers to shop', async ({ browser }) => {
  const ctx = await shopperContext(browser);
  const p = await ctx.newPage();
  const other = `orders.empty.${Date.now().toString(36)}@example.com`;
  expect(
    (
      await post(p, '/api/v1/user/signup', {
        name: 'Empty Tester',
        email: other,
        password: 'secret-pass',
        password_confirmation: 'secret-pass',
      })
    ).status(),
  ).toBe(200);
  await p.goto('/user/orders');
  await expect(p.locator('[data-orders-empty]')).toContainText('You have not placed an order yet.');
  await expect(p.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  // Someone else's order is not found.
  expect((await p.goto(`/user/order/${deliveredId}`))!.status()).toBe(404);
  await ctx.close();
});
