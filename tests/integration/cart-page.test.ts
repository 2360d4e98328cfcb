import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { startAstroRenderer, localsWith, type AstroRenderer } from '../unit/astro-render';
import { getDatabase, getDb } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { parseWith } from '@/server/core/validation';
import { CartActionSchema } from '@/lib/schemas/cart';
import { addToCart } from '@/server/cart/add';
import type { CartOwner } from '@/server/cart/owner';
import { forgetKeptCartPages, withKeptCartPage } from '@/server/web/kept-cart-pages';
import { stopClock } from '../setup/clock';
import { guestToken, makeAddress, makeProduct, makeRule, makeUser, shopBasics } from './cart-fixtures';

/**
 * The cart page itself (src/pages/cart.astro with its layout and island, rendered as the server does),
 * after the work of decision 0024 "The cart page": its data is one query (planned once on PGlite), the
 * header's badge takes the page's count, the island's words are kept per language. Each shopper still
 * sees only their own lines, totals, stock bounds and shipping message, and a change to a quantity, a
 * stock or a price shows on the very next render.
 */
useTestDatabase({ demo: true });

let renderer: AstroRenderer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let CartPage: any;
let basics: Awaited<ReturnType<typeof shopBasics>>;

beforeAll(async () => {
  basics = await shopBasics();
  renderer = await startAstroRenderer();
  // The page's modules are loaded by Vite, apart from the test's: give them this test's database.
  (await renderer.module('/src/server/db/client.ts')).setDatabase(getDatabase());
  const react = (await renderer.module('@astrojs/react/server.js')).default;
  renderer.container.addServerRenderer({ name: '@astrojs/react', renderer: react });
  CartPage = await renderer.load('/src/pages/cart.astro');
}, 120_000);
afterAll(() => renderer?.close());

const action = (body: Record<string, unknown>) => parseWith(CartActionSchema, body);
const product = (spec: Partial<Parameters<typeof makeProduct>[0]> = {}) =>
  makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, ...spec });
const titleOf = async (id: number) => (await getDb().select({ title: products.title }).from(products).where(eq(products.id, id)))[0]!.title;

/** The cart page as this shopper gets it. */
async function cartPage(who: { user?: { id: number; name: string; email: string }; guestToken?: string }) {
  const locals = localsWith({
    user: who.user ? { roles: [], permissions: [], twoFactor: false, ...who.user } : null,
    guestToken: who.guestToken ?? null,
    sessionHash: who.user ? 'h' : null,
  });
  const html: string = await renderer.container.renderToString(CartPage, { locals, request: new Request('http://shop.test/cart') });
  return { html, locals };
}

/** The figure the summary shows as the total, and the badge's count. */
const totalOf = (html: string) => /data-cart-total[^>]*>([^<]+)</.exec(html)?.[1];
const badgeOf = (html: string) => /<!--personal:cart-->([\s\S]*?)<!--\/personal:cart-->/.exec(html)?.[1] ?? '';

describe('the cart page', () => {
  it('shows each shopper only their own lines, totals, badge, stock bounds and shipping message, and a change at once', async () => {
    const userId = await makeUser();
    const ada = { id: userId, name: 'Cart Tester', email: 'c@example.com' };
    const guest = guestToken();
    const rule = await makeRule([{ country: 'US', price: 500 }]);
    await makeAddress(userId, 'CA', 'ON');
    const mine = await product({ selling: 1250, stock: 7, maxPerOrder: 100, shippingRuleId: rule });
    const theirs = await product({ selling: 4000, stock: 30 });
    const owners: Record<string, CartOwner> = { ada: { userId }, guest: { guestToken: guest } };
    await addToCart(owners.ada!, action({ product_id: mine.id, quantity: 2 }));
    await addToCart(owners.guest!, action({ product_id: theirs.id, quantity: 3 }));

    // Twice each, alternating: whatever is kept between requests never mixes them up.
    for (let round = 0; round < 2; round++) {
      const own = await cartPage({ user: ada });
      expect(own.html).toContain(await titleOf(mine.id));
      expect(own.html).not.toContain(await titleOf(theirs.id));
      expect(totalOf(own.html)).toBe('$25');
      expect(badgeOf(own.html)).toContain('>2<');
      expect(own.html).toMatch(new RegExp(`id="cart-qty-\\d+"[^>]*max="7"|max="7"[^>]*id="cart-qty-\\d+"`));
      // The rule reaches the US only; the shopper's address is in Canada.
      expect(own.html).toContain('This product can not be shipped to');
      const other = await cartPage({ guestToken: guest });
      expect(other.html).toContain(await titleOf(theirs.id));
      expect(other.html).not.toContain(await titleOf(mine.id));
      expect(totalOf(other.html)).toBe('$120');
      expect(badgeOf(other.html)).toContain('>3<');
      expect(other.html).not.toContain('This product can not be shipped to');
    }

    // A quantity, a stock and a price changed: the next render shows each.
    await addToCart(owners.ada!, action({ product_id: mine.id, quantity: 4, set: 1 }));
    await getDb().update(products).set({ stock: 5, selling: 1500 }).where(eq(products.id, mine.id));
    const after = await cartPage({ user: ada });
    expect(totalOf(after.html)).toBe('$60');
    expect(badgeOf(after.html)).toContain('>4<');
    expect(after.html).toMatch(/max="5"/);
    expect(after.html).not.toMatch(/max="7"/);
    expect(after.locals.cartCount).toBe(4);
    expect(after.locals.compressOnce).toBe(true);
  });

  it('kept per shopper, never shows one shopper another’s page when their carts are alike (none, emptied, the same lines)', async () => {
    const p = await product({ selling: 900, stock: 50 });
    const person = async (name: string) => ({ user: { id: await makeUser(), name, email: `${name.toLowerCase()}@example.com` } });
    // Two without a cart at all (the same stamp), two whose carts were emptied, two with the same line.
    const [ann, ben, cat, dan, eve, fay] = await Promise.all(
      ['Annika', 'Benedikt', 'Catalina', 'Dorotheo', 'Evangelina', 'Fitzgerald'].map(person),
    );
    for (const who of [cat!, dan!]) {
      await addToCart({ userId: who.user.id }, action({ product_id: p.id, quantity: 1 }));
      await getDb().execute(sql`delete from cart_lines where cart_id in (select id from carts where user_id = ${who.user.id})`);
    }
    for (const who of [eve!, fay!]) await addToCart({ userId: who.user.id }, action({ product_id: p.id, quantity: 2 }));
    const guests = [{ guestToken: guestToken() }, { guestToken: guestToken() }];
    const everyone: { user?: { id: number; name: string; email: string }; guestToken?: string }[] = [
      ann!,
      ben!,
      cat!,
      dan!,
      eve!,
      fay!,
      ...guests,
    ];

    /** The page as the server sends it: the cart page step, then the page drawn as compress-once sends it. */
    const served = async (who: (typeof everyone)[number]) => {
      const locals = localsWith({
        user: who.user ? { roles: [], permissions: [], twoFactor: false, ...who.user } : null,
        guestToken: who.guestToken ?? null,
        sessionHash: who.user ? 'h' : null,
      });
      const request = new Request('http://shop.test/cart', { headers: { 'accept-encoding': 'identity' } });
      const ctx = { url: new URL(request.url), request, locals, cookies: { *headers() {} } } as unknown as APIContext;
      const res = await withKeptCartPage(ctx, null, async () => {
        const html: string = await renderer.container.renderToString(CartPage, { locals, request });
        const body = Buffer.from(html);
        return new Response(body, { headers: { 'content-type': 'text/html', 'content-length': String(body.length) } });
      });
      return { from: res.headers.get('x-page-cache'), html: await res.text() };
    };
    const nameOf = (html: string) => /<span class="account-name">([^<]*)</.exec(html)?.[1] ?? null;

    forgetKeptCartPages();
    // A page is kept 10 s: the clock stands still, so every repeat below is a hit however slow the machine.
    const clock = stopClock();
    try {
      // What each should see: their own page drawn on its own.
      const own = new Map<(typeof everyone)[number], string>();
      for (const who of everyone) own.set(who, (await cartPage(who)).html);
      for (let round = 0; round < 3; round++) {
        for (const who of round === 1 ? [...everyone].reverse() : everyone) {
          const { from, html } = await served(who);
          expect(from, `${who.user?.name ?? 'guest'}, round ${round}`).toBe(round === 0 ? 'miss, yours' : 'hit, yours');
          expect(nameOf(html), `round ${round}`).toBe(who.user ? who.user.name.split(' ')[0] : null);
          expect(badgeOf(html)).toBe(badgeOf(own.get(who)!));
          expect(totalOf(html)).toBe(totalOf(own.get(who)!));
          // Byte for byte this shopper's own page.
          expect(html).toBe(own.get(who)!);
        }
      }
      // Ten seconds on, every kept page is gone: each is drawn again, still for its own shopper.
      clock.advance(10_000);
      for (const who of everyone) {
        const { from, html } = await served(who);
        expect(from).toBe('miss, yours');
        expect(html).toBe(own.get(who)!);
      }
      expect(badgeOf(own.get(eve!)!)).toContain('>2<');
      expect(own.get(ann!)).toContain('cart-empty');
    } finally {
      clock.restore();
    }
  });

  it('shows an empty cart to a visitor without one, and the badge without a count', async () => {
    const { html } = await cartPage({ guestToken: guestToken() });
    expect(html).toContain('cart-empty');
    expect(badgeOf(html)).not.toMatch(/>\d+</);
  });
});
