import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { localsWith, type AstroRenderer } from '../unit/astro-render';
import { ownerOf, startPageRenderer } from './render-fixtures';
import { getSettings } from '@/server/settings/index';
import { getT } from '@/i18n';
import type { SessionUser } from '@/server/core/actor';
import { account, api, type Account } from './backoffice-fixtures';
import { shopBasics } from './cart-fixtures';

/**
 * The screens of issue 34's shipping, tax, links, site and payments pages, rendered as the server does (no browser):
 * each draws its plain form for the owner, in English and in Arabic; a link saved from the screen is in the
 * storefront's footer on the next render.
 */
useTestDatabase({ demo: true });

let renderer: AstroRenderer;
let owner: Account;
let ownerUser: SessionUser;
let storeId: number;
beforeAll(async () => {
  owner = await account(['owner']);
  ownerUser = ownerOf(owner);
  storeId = (await shopBasics()).storeA.id;
  renderer = await startPageRenderer();
}, 300_000);
afterAll(() => renderer?.close());

async function render(file: string, url: string, lang = 'en', params: Record<string, string> = {}) {
  const Page = await renderer.load(file);
  const locals = localsWith({ user: ownerUser, lang, dir: lang === 'ar' ? 'rtl' : 'ltr', t: await getT(lang), settings: await getSettings() });
  return (await renderer.container.renderToString(Page, { locals, params, request: new Request(`http://shop.test${url}`) })) as string;
}

describe('the settings screens', () => {
  it('shipping: the stores with a form each, a rule’s editor with its rows and "add more rows"', async () => {
    const list = await render('/src/pages/admin/shipping/index.astro', '/admin/shipping');
    expect(list).toContain('action="/api/v1/admin/shipping/stores"');
    expect(list).toContain('Free shipping from (cents)');
    const made = await api('/api/v1/admin/shipping', owner, {
      body: { store_id: storeId, title: 'Rendered rule', shipping_type: 1, default_price: 0, places: [{ country: 'US', price: 450 }] },
    });
    const id = String(((await made.json()) as { data: { id: number } }).data.id);
    const one = await render('/src/pages/admin/shipping/[id].astro', `/admin/shipping/${id}?more_places=5`, 'en', { id });
    expect(one).toContain('value="Rendered rule"');
    expect(one).toContain('name="places_country"');
    expect((one.match(/name="places_price"/g) ?? []).length).toBe(1 + 3 + 5);
    expect(one).toContain('more_places=10');
    const fresh = await render('/src/pages/admin/shipping/new.astro', `/admin/shipping/new?store=${storeId}`);
    expect(fresh).toContain('action="/api/v1/admin/shipping"');
    const ar = await render('/src/pages/admin/shipping/index.astro', '/ar/admin/shipping', 'ar');
    expect(ar).toContain('قواعد الشحن');
  });

  it('shipping, the seller’s side: their store’s rules on the profile, the same editor with free-shipping minimums and delete, in English and Arabic', async () => {
    const sellerAccount = await account(['seller'], [], [storeId]);
    const seller: SessionUser = { id: sellerAccount.id, name: 'Seller', email: 'seller@example.com', roles: ['seller'], permissions: [], twoFactor: false };
    const as = async (file: string, url: string, lang = 'en', params: Record<string, string> = {}) => {
      const Page = await renderer.load(file);
      const t = await getT(lang);
      const locals = localsWith({ user: seller, lang, dir: lang === 'ar' ? 'rtl' : 'ltr', t, settings: await getSettings() });
      return (await renderer.container.renderToString(Page, { locals, params, request: new Request(`http://shop.test${url}`) })) as string;
    };
    const made = await api('/api/v1/seller/store/shipping', sellerAccount, {
      body: { title: 'Seller rendered rule', shipping_type: 1, default_price: 0, free_shipping_min: 6000, places: [{ country: 'US', state: 'CA', price: 450, free_shipping_min: 2500 }] },
    });
    expect(made.status, await made.clone().text()).toBe(200);
    const id = String(((await made.json()) as { data: { id: number } }).data.id);
    const profile = await as('/src/pages/seller/store/index.astro', '/seller/store');
    expect(profile).toContain(`href="/seller/store/shipping/${id}"`);
    expect(profile).toContain(`href="/seller/store/shipping/new?store=${storeId}"`);
    expect(profile).toContain('free from $60');
    const one = await as('/src/pages/seller/store/shipping/[id].astro', `/seller/store/shipping/${id}`, 'en', { id });
    expect(one).toContain(`action="/api/v1/seller/store/shipping/${id}"`);
    expect(one).toContain(`action="/api/v1/seller/store/shipping/${id}/delete"`);
    expect(one).toContain('name="places_free_shipping_min" value="2500"');
    expect(one).toContain('value="6000"');
    const fresh = await as('/src/pages/seller/store/shipping/new.astro', '/seller/store/shipping/new');
    expect(fresh).toContain('action="/api/v1/seller/store/shipping"');
    const ar = await as('/src/pages/seller/store/shipping/[id].astro', `/ar/seller/store/shipping/${id}`, 'ar', { id });
    expect(ar).toContain('حذف القاعدة');
  });

  it('tax, links, site and payments draw their forms; the owner sees the scripts field', async () => {
    expect(await render('/src/pages/admin/tax/index.astro', '/admin/tax')).toContain('Rate (basis points)');
    const links = await render('/src/pages/admin/settings/links.astro', '/admin/settings/links');
    for (const list of ['header_left', 'header_right', 'services', 'about', 'social']) expect(links).toContain(`name="${list}_link"`);
    const site = await render('/src/pages/admin/settings/site.astro', '/admin/settings/site');
    expect(site).toContain('name="custom_scripts"');
    expect(site).toContain('name="default_language"');
    const payments = await render('/src/pages/admin/payments/index.astro', '/admin/payments', 'fr');
    expect(payments).toContain('action="/api/v1/admin/payments/test"');
    expect(payments).toContain('Tester les clés Stripe');
  });

  it('a services link saved from the screen is in the storefront footer on the next render', async () => {
    const res = await api('/api/v1/admin/settings/links', owner, {
      body: { services: [{ title: 'Rendered warranty', slug: 'warranty', link: '/page/warranty' }] },
    });
    expect(res.status).toBe(200);
    const Footer = await renderer.load('/src/components/shell/SiteFooter.astro');
    const html: string = await renderer.container.renderToString(Footer, {
      locals: localsWith({ settings: await getSettings() }),
      props: { categories: [] },
      request: new Request('http://shop.test/'),
    });
    expect(html).toContain('Rendered warranty');
    expect(html).toContain('href="/page/warranty"');
  });
});
