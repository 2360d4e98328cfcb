import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { getViteConfig } from 'astro/config';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { SettingsSchema, type Settings } from '@/lib/schemas/settings';
import { getT } from '@/i18n';

/**
 * Renders the header's account part with fake locals through Astro's container API (an Astro-aware
 * Vite server loads the component), so the signed-in and vendor_registration cases are tested
 * before the auth work lands.
 */
let vite: ViteDevServer;
let container: AstroContainer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let UserLinks: any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let CartLink: any;

beforeAll(async () => {
  const config = await getViteConfig({ server: { middlewareMode: true }, appType: 'custom', logLevel: 'silent' })({
    command: 'serve',
    mode: 'test',
  });
  vite = await createServer(config);
  UserLinks = (await vite.ssrLoadModule('/src/components/shell/UserLinks.astro')).default;
  CartLink = (await vite.ssrLoadModule('/src/components/shell/CartLink.astro')).default;
  container = await AstroContainer.create();
}, 60_000);
afterAll(() => vite?.close());

const t = await getT('en');
const settings = (vendor_registration: boolean): Settings => SettingsSchema.parse({ setting: { vendor_registration } });
/** Locals as the middleware would build them, for a component rendered on its own. */
const localsWith = (locals: Partial<App.Locals>): App.Locals => ({
  lang: 'en',
  dir: 'ltr',
  saveData: false,
  settings: settings(true),
  user: null,
  guestToken: null,
  sessionHash: null,
  flash: null,
  t,
  origin: 'http://shop.test',
  ...locals,
});
const render = (locals: Partial<App.Locals>) => container.renderToString(UserLinks, { locals: localsWith(locals) });

describe('UserLinks', () => {
  it('offers guests Login, Register and the seller link when vendor registration is on', async () => {
    const html = await render({});
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/register"');
    expect(html).toContain('href="/seller/register"');
  });
  it('hides the seller link when vendor registration is off', async () => {
    const html = await render({ settings: settings(false) });
    expect(html).toContain('href="/login"');
    expect(html).not.toContain('/seller/register');
  });
  it('shows a signed-in person the Account dropdown with the first word of the name and a POST logout', async () => {
    const html = await render({ user: { id: 7, name: 'Ada King Lovelace', email: 'ada@example.com' } });
    expect(html).toMatch(/<span class="account-name"[^>]*>Ada<\/span>/);
    for (const href of ['/user/profile', '/user/orders', '/user/wishlists', '/user/compared', '/user/vouchers'])
      expect(html).toContain(`href="${href}"`);
    expect(html).toMatch(/<form method="post" action="\/api\/v1\/user\/logout"/);
    expect(html).not.toContain('href="/login"');
  });
});

describe('CartLink', () => {
  const withCookie = new Request('http://shop.test/', { headers: { cookie: 'cart_count=3' } });
  const renderCart = (locals: Partial<App.Locals>) =>
    container.renderToString(CartLink, { request: withCookie, locals: localsWith(locals) });
  const badge = (html: string) => /<span class="badge" data-cart-count[^>]*>([^<]*)<\/span>/.exec(html);

  it('leaves the count to the browser on shared guest HTML', async () => {
    const html = await renderCart({ cachePolicy: 'catalog' });
    expect(badge(html)?.[0]).toContain('hidden');
    expect(badge(html)?.[1]).toBe('');
  });
  it('renders the count from the cookie on a private page', async () => {
    const html = await renderCart({});
    expect(badge(html)?.[1]).toBe('3');
    expect(html).toContain('aria-label="Cart, 3 items"');
    const signedIn = await renderCart({ cachePolicy: 'catalog', user: { id: 1, name: 'A', email: 'a@x.io' } });
    expect(badge(signedIn)?.[1]).toBe('3');
  });
});
