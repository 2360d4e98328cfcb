import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '@/i18n';
import { CART_END, CART_START, cartLinkHtml, personalBytes, templateOf, type PersonalOf, type Template } from '@/server/web/personal';
import { pickEncoding } from '@/server/web/encoding';
import type { ShellFacts } from '@/server/lists/shell';
import { localsWith, startAstroRenderer, type AstroRenderer } from './astro-render';

/**
 * Shared catalog HTML, personal shell (decision 0024): the personal parts a signed-in shopper's copy
 * gets filled into the guest HTML must be exactly what the components draw for that shopper, and one
 * shopper's parts must never reach another's copy.
 */
let renderer: AstroRenderer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const parts: Record<string, any> = {};

beforeAll(async () => {
  renderer = await startAstroRenderer();
  for (const name of ['shell/UserLinks', 'shell/CompactMenu', 'shell/CartLink', 'lists/ListToggle', 'lists/VoucherCollect'])
    parts[name] = await renderer.load(`/src/components/${name}.astro`);
}, 60_000);
afterAll(() => renderer?.close());

const t = await getT('en');
const ada = { id: 7, name: 'Ada King Lovelace', email: 'ada@example.com', roles: [], permissions: [], twoFactor: false };

/** A page made of the personal components, as a guest (shared) or as `user` with these marks. */
async function page(user: typeof ada | null, marks: { wishlist: number[]; compare: number[]; collected: number[] }) {
  const locals = () => localsWith({ user, cachePolicy: 'catalog' });
  const render = (name: string, props: Record<string, unknown> = {}) =>
    renderer.container.renderToString(parts[name], { locals: locals(), props });
  let html = '<header>' + (await render('shell/UserLinks')) + (await render('shell/CompactMenu', { categories: [] }));
  // CartLink for a signed-in shopper reads the database: the personal copy is checked against its drawing below.
  html += user ? CART_START + cartLinkHtml(t, '/cart', 3, false) + CART_END : await render('shell/CartLink');
  html += '</header><main>';
  for (const id of [5, 6])
    html += await render('lists/ListToggle', { kind: 'wishlist', productId: id, title: `P${id}`, on: marks.wishlist.includes(id) });
  html += await render('lists/ListToggle', { kind: 'compare', variant: 'page', productId: 5, title: 'P5', on: marks.compare.includes(5) });
  for (const id of [9, 10])
    html += await render('lists/VoucherCollect', { voucherId: id, code: `C${id}`, collected: marks.collected.includes(id) });
  return html + '</main>';
}

const facts = (f: Partial<ShellFacts>): ShellFacts => ({
  cartCount: 0,
  wishlist: new Set(),
  compare: new Set(),
  collected: new Set(),
  ...f,
});

/** The filled copy as the shopper's browser reads it. */
const personalise = (template: Template, who: PersonalOf) => personalBytes(template, who).toString('utf8');

describe('personalBytes', () => {
  it('fills the shared HTML with exactly what the components draw for the shopper: name, no guest links, cart count, hearts, compare, vouchers', async () => {
    const shared = await page(null, { wishlist: [], compare: [], collected: [] });
    expect(shared).toContain('href="/login"');
    const own = await page(ada, { wishlist: [6], compare: [5], collected: [10] });
    const template = templateOf({}, shared);
    expect(template.voucherIds).toEqual([9, 10]);
    const filled = personalise(template, {
      t,
      name: ada.name,
      cartHref: '/cart',
      facts: facts({ cartCount: 3, wishlist: new Set([6]), compare: new Set([5]), collected: new Set([10]) }),
    });
    expect(filled).toBe(own);
    expect(filled).toMatch(/<span class="account-name">Ada<\/span>/);
    expect(filled).not.toContain('href="/login"');
    expect(filled).toContain('data-cart-server="3"');
  });

  it("never carries one shopper's parts into another's copy of the same shared HTML", async () => {
    const shared = await page(null, { wishlist: [], compare: [], collected: [] });
    const template = templateOf({}, shared);
    const first = personalise(template, {
      t,
      name: 'Zelda Zed',
      cartHref: '/cart',
      facts: facts({ cartCount: 42, wishlist: new Set([5]) }),
    });
    const second = personalise(template, { t, name: 'Bob <b>Smith</b>', cartHref: '/cart', facts: facts({}) });
    expect(first).toContain('Zelda');
    expect(first).toContain('>42</span>');
    expect(second).not.toContain('Zelda');
    expect(second).not.toContain('42');
    expect(second).not.toContain('aria-pressed="true"');
    expect(second).toContain('<span class="account-name">Bob</span>');
    // The shared HTML is not changed by filling it.
    expect(personalise(template, { t, name: 'Bob', cartHref: '/cart', facts: facts({}) })).toBe(second);
  });

  it('is exactly what the components draw for each shopper in turn, in UTF-8 around accented, emoji and Arabic text', async () => {
    const [before, after] = ['Prix réduit → ✓ 🔌 ', ' العربية'];
    const none = { wishlist: [], compare: [], collected: [] };
    const template = templateOf({}, before + (await page(null, none)) + after);
    const zoe = { id: 8, name: 'Zoë Ångström', email: 'zoe@example.com', roles: [], permissions: [], twoFactor: false };
    const turns: [typeof ada, { wishlist: number[]; compare: number[]; collected: number[] }][] = [
      [zoe, { wishlist: [5], compare: [], collected: [9] }],
      [ada, { wishlist: [6], compare: [5], collected: [10] }],
      [zoe, { wishlist: [], compare: [5], collected: [] }],
      [ada, none],
    ];
    for (const [user, marks] of turns) {
      const own = before + (await page(user, marks)) + after;
      const bytes = personalBytes(template, {
        t,
        name: user.name,
        cartHref: '/cart',
        facts: facts({
          cartCount: 3,
          wishlist: new Set(marks.wishlist),
          compare: new Set(marks.compare),
          collected: new Set(marks.collected),
        }),
      });
      expect(bytes.equals(Buffer.from(own)), `${user.name} ${JSON.stringify(marks)}`).toBe(true);
    }
  });

  it('escapes the name', async () => {
    const template = templateOf({}, await page(null, { wishlist: [], compare: [], collected: [] }));
    const filled = personalise(template, { t, name: '<img src=x onerror=alert(1)>', cartHref: '/cart', facts: facts({}) });
    expect(filled).toContain('&lt;img');
    expect(filled).not.toContain('<img src=x');
  });

  it('the shared CartLink leaves the count to the browser, inside the markers', async () => {
    const html = await renderer.container.renderToString(parts['shell/CartLink'], { locals: localsWith({ cachePolicy: 'catalog' }) });
    expect(html).toBe(CART_START + cartLinkHtml(t, '/cart', null, true) + CART_END);
    expect(html).not.toContain('data-cart-server');
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honours q=0 and sends identity otherwise', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(null)).toBe('identity');
  });
});
