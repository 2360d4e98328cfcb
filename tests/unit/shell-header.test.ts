import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsSchema, type Settings } from '@/lib/schemas/settings';
import { localsWith, startAstroRenderer, type AstroRenderer } from './astro-render';

/**
 * Renders the header's account part with fake locals through Astro's container API, so the
 * signed-in and vendor_registration cases are tested without a server.
 */
let renderer: AstroRenderer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let UserLinks: any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let CartLink: any;

beforeAll(async () => {
  renderer = await startAstroRenderer();
  UserLinks = await renderer.load('/src/components/shell/UserLinks.astro');
  CartLink = await renderer.load('/src/components/shell/CartLink.astro');
}, 60_000);
afterAll(() => renderer?.close());

const settings = (vendor_registration: boolean): Settings => SettingsSchema.parse({ setting: { vendor_registration } });
const render = (locals: Partial<App.Locals>) => renderer.container.renderToString(UserLinks, { locals: localsWith(locals) });

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
    const html = await render({
      user: { id: 7, name: 'Ada King Lovelace', email: 'ada@example.com', roles: [], permissions: [], twoFactor: false },
    });
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
    renderer.container.renderToString(CartLink, { request: withCookie, locals: localsWith(locals) });
  const badge = (html: string) => /<span class="badge" data-cart-count[^>]*>([^<]*)<\/span>/.exec(html);

  it('leaves the count to the browser on shared guest HTML', async () => {
    const html = await renderCart({ cachePolicy: 'catalog' });
    expect(badge(html)?.[0]).toContain('hidden');
    expect(badge(html)?.[1]).toBe('');
  });
  it("renders the request's own count on a private page, not the cookie (nobody's cart here: no badge)", async () => {
    const html = await renderCart({});
    expect(badge(html)?.[1]).toBe('');
    expect(html).toContain('data-cart-server="0"');
    expect(html).toContain('aria-label="Cart"');
  });
});
