import { beforeEach, describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { useTestDatabase } from '../setup/db';
import { pageCache, withPageCaching } from '@/server/web/page-caching';
import { CART_END, CART_START, USER_END, USER_START } from '@/server/web/personal';
import { getT } from '@/i18n';
import { makeUser } from './account-fixtures';
import { makeProduct, shopBasics } from './cart-fixtures';
import { putInCart } from './checkout-fixtures';

/**
 * Shared catalog HTML, personal shell (decision 0024), through the caching step itself: a signed-in
 * shopper on a route known to be shared gets the guest copy with their parts filled in; the copy is
 * rendered once (as a guest) for a burst of requests; a page personal beyond the shell is rendered for
 * the shopper; one that cannot be kept (an error status) is filled in all the same and not kept.
 */
useTestDatabase({ demo: true });
const t = await getT('en');
beforeEach(() => pageCache.clear());

type Who = { id: number; name: string; email: string } | null;

function context(path: string, user: Who, route = '/[main]/product/[id]') {
  const url = new URL(path, 'http://shop.test');
  const locals = {
    lang: 'en',
    saveData: false,
    user,
    guestToken: null,
    sessionHash: user ? 'h' : null,
    flash: null,
    t,
  } as unknown as App.Locals;
  return {
    url,
    routePattern: route,
    request: new Request(url, { headers: { 'accept-encoding': 'identity' } }),
    locals,
    cookies: { *headers() {} },
  } as unknown as APIContext;
}

const SHELL = `<header>${USER_START}<a href="/login">Login</a>${USER_END}${CART_START}<a href="/cart">Cart</a>${CART_END}</header>`;

/** A page render that records who it was rendered for. */
function page(opts: { personalPage?: boolean; status?: number } = {}) {
  const seen: (string | null)[] = [];
  const next = (ctx: APIContext) => async () => {
    seen.push(ctx.locals.user?.name ?? null);
    ctx.locals.cachePolicy = 'catalog';
    if (opts.personalPage) ctx.locals.personalPage = true;
    await new Promise((r) => setTimeout(r, 20));
    const who = ctx.locals.user ? `for ${ctx.locals.user.name}` : 'for everyone';
    return new Response(`${SHELL}<main>${who}</main>`, { status: opts.status ?? 200, headers: { 'content-type': 'text/html' } });
  };
  return { seen, next };
}

describe('a signed-in shopper on a shared page', () => {
  it('gets the guest copy, rendered once for a burst, with their own name; private, without a tag', async () => {
    const ada = await makeUser('shared-ada@example.com');
    const bob = await makeUser('shared-bob@example.com');
    const named = (u: typeof ada, name: string) => ({ id: u.id, name, email: u.email });
    const render = page();
    // The first render teaches the step that this route is shared.
    const first = context('/p/product/x', null);
    await withPageCaching(first, render.next(first));
    pageCache.clear();
    render.seen.length = 0;

    const who = [named(ada, 'Ada Lovelace'), named(bob, 'Bob Stone'), named(ada, 'Ada Lovelace'), null, named(bob, 'Bob Stone')];
    const answers = await Promise.all(
      who.map(async (u) => {
        const ctx = context('/p/product/x', u);
        const res = await withPageCaching(ctx, render.next(ctx));
        return { u, res, body: await res.text() };
      }),
    );
    expect(render.seen).toEqual([null]);
    for (const { u, res, body } of answers) {
      expect(res.status).toBe(200);
      expect(body).toContain('<main>for everyone</main>');
      if (u) {
        expect(body).toContain(`<span class="account-name">${u.name.split(' ')[0]}</span>`);
        expect(body).not.toContain('href="/login"');
        expect(body).not.toContain(u.name.startsWith('Ada') ? 'Bob' : 'Ada');
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('etag')).toBeNull();
        expect(res.headers.get('x-page-cache')).toMatch(/personal$/);
      } else {
        expect(body).toContain('href="/login"');
        expect(body).not.toContain('account-name');
        expect(res.headers.get('cache-control')).toMatch(/^public/);
      }
    }
  });

  it('fills each shopper’s own name and cart, whether their carts are alike (both empty) or not, in turn and in a burst', async () => {
    const basics = await shopBasics();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, stock: 50 });
    const person = async (name: string, email: string) => ({ id: (await makeUser(email)).id, name, email });
    const ann = await person('Annika Berg', 'shared-annika@example.com');
    const ben = await person('Benedikt Falk', 'shared-benedikt@example.com');
    const cy = await person('Cyrille Roux', 'shared-cyrille@example.com');
    const dee = await person('Delphine Marr', 'shared-delphine@example.com');
    await putInCart(cy.id, p.id, 3);
    await putInCart(dee.id, p.id, 1);
    const expected = new Map([
      [ann, null],
      [ben, null],
      [cy, 3],
      [dee, 1],
    ]);
    const render = page();
    const learn = context('/p/product/alike', null);
    await withPageCaching(learn, render.next(learn));

    const nameOf = (html: string) => /<span class="account-name">([^<]*)</.exec(html)?.[1];
    const badgeOf = (html: string) => /<span class="badge" data-cart-count( hidden)?>([^<]*)</.exec(html)?.slice(1);
    const check = (u: typeof ann, body: string, when: string) => {
      const count = expected.get(u)!;
      expect(nameOf(body), when).toBe(u.name.split(' ')[0]);
      expect(badgeOf(body), when).toEqual(count ? [undefined, String(count)] : [' hidden', '']);
      for (const other of expected.keys()) if (other !== u) expect(body, when).not.toContain(other.name.split(' ')[0]);
    };
    const ask = async (u: typeof ann) => {
      const ctx = context('/p/product/alike', u);
      const res = await withPageCaching(ctx, render.next(ctx));
      return res.text();
    };
    const order = [ann, ben, cy, dee, ben, ann, dee, cy, ann];
    for (const [i, u] of order.entries()) check(u, await ask(u), `request ${i}`);
    pageCache.clear();
    const burst = await Promise.all(order.map(ask));
    burst.forEach((body, i) => check(order[i]!, body, `burst ${i}`));
  });

  it('is rendered for the shopper when the page says it is personal beyond the shell', async () => {
    const ada = await makeUser('shared-own@example.com');
    const render = page({ personalPage: true });
    const guest = context('/shop/x', null, '/shop/[slug]');
    await withPageCaching(guest, render.next(guest));
    const ctx = context('/shop/x', { id: ada.id, name: 'Ada Own', email: ada.email }, '/shop/[slug]');
    const res = await withPageCaching(ctx, render.next(ctx));
    expect(await res.text()).toContain('<main>for Ada Own</main>');
    expect(render.seen).toEqual([null, 'Ada Own']);
  });

  it('gets an error page that cannot be kept filled in all the same, rendered once, with its status; a guest gets it as rendered', async () => {
    const ada = await makeUser('shared-error@example.com');
    const ok = page();
    const learn = context('/p/product/y', null);
    await withPageCaching(learn, ok.next(learn));
    pageCache.clear();
    const failing = page({ status: 404 });
    const ctx = context('/p/product/y', { id: ada.id, name: 'Ada Err', email: ada.email });
    const res = await withPageCaching(ctx, failing.next(ctx));
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).toContain('<span class="account-name">Ada</span>');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const guest = context('/p/product/y', null);
    const asGuest = await withPageCaching(guest, failing.next(guest));
    expect(asGuest.status).toBe(404);
    expect(await asGuest.text()).toContain('href="/login"');
    // Each request rendered once, as a guest sees it; nothing was kept.
    expect(failing.seen).toEqual([null, null]);
    expect(pageCache.size).toBe(0);
  });

  it('learns a prefixed page by the path it renders, not by the pattern its prefixed URL matched', async () => {
    const ada = await makeUser('shared-prefixed@example.com');
    const adaIn = { id: ada.id, name: 'Ada Prefixed', email: ada.email };
    // Every `/ar/…` URL matches the same pattern; what it renders is the path after the prefix.
    const prefixedRoute = '/[lang]/[...path]';
    const catalog = page();
    const guest = context('/ar/all/phones', null, prefixedRoute);
    await withPageCaching(guest, catalog.next(guest), { renders: '/all/phones?page=2' });
    pageCache.clear();
    const ctx = context('/ar/all/phones', adaIn, prefixedRoute);
    const res = await withPageCaching(ctx, catalog.next(ctx), { renders: '/all/phones' });
    expect(res.headers.get('x-page-cache')).toBe('miss, personal');
    expect(await res.text()).toContain('<span class="account-name">Ada</span>');
    expect(catalog.seen).toEqual([null, null]);

    // Another path under the same pattern, never rendered as shared: rendered for the shopper.
    const own = page({ personalPage: true });
    const profile = context('/ar/user/profile', adaIn, prefixedRoute);
    const mine = await withPageCaching(profile, own.next(profile), { renders: '/user/profile' });
    expect(await mine.text()).toContain('<main>for Ada Prefixed</main>');
    expect(own.seen).toEqual(['Ada Prefixed']);
  });
});
