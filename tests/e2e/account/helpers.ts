import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, keepShot } from '../fixtures';

/** Signs this browser context in through the test-only route (a fresh user per email). */
export async function signIn(page: Page, email: string, name = 'Test Shopper'): Promise<number> {
  const res = await page.request.post('/test-only/session', { data: { email, name } });
  expect(res.ok(), 'test-only sign-in').toBe(true);
  return (await res.json()).id as number;
}

/**
 * A shopper of their own: a new browser context (JavaScript on or off, the first context's cookies, such
 * as the closed cookie notice) signed in as a new user with this name. Close the context when done.
 */
export async function signedInShopper(
  browser: Browser,
  from: BrowserContext,
  opts: { javaScriptEnabled: boolean; baseURL: string | undefined; tag: string; name: string },
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ javaScriptEnabled: opts.javaScriptEnabled, baseURL: opts.baseURL });
  await context.addCookies(await from.cookies());
  const page = await context.newPage();
  await signIn(page, uniqueEmail(opts.tag), opts.name);
  return [context, page];
}

/** POSTs JSON as the page's browser would (its cookies) and expects a 200. */
export async function postOk(page: Page, path: string, data: object): Promise<void> {
  const res = await page.request.post(path, { data, headers: { accept: 'application/json' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A unique email per run, so reruns against one server never collide. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

export const pngBytes = (w = 300, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#1a73e8' } })
    .png()
    .toBuffer();

/** Fails the test on any CSP violation or script error logged by the page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()))
      problems.push(`${m.text()} @ ${JSON.stringify(m.location())}`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** Screenshots at phone and desktop width, for a person to look at (never in the repo). */
export async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, { path: `/tmp/shots/account/${name}-${width}.png`, fullPage: true });
  }
}

/** The address form's fields, filled by label. */
export async function fillAddress(
  page: Page,
  a: { name: string; phone: string; city: string; zip: string; line1: string; state?: string },
) {
  const form = page.locator('#address-form');
  await form.getByLabel('Full name').fill(a.name);
  await form.getByLabel('Email').fill('buyer@example.com');
  await form.getByLabel('Phone').fill(a.phone);
  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('State / region').selectOption(a.state ?? 'NY');
  await form.getByLabel('City').fill(a.city);
  await form.getByLabel('Zip code').fill(a.zip);
  await form.getByLabel('Address', { exact: true }).fill(a.line1);
}
