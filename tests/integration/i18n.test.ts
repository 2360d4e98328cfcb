import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { clearMemos } from '@/server/core/memo';
import { listApiRoutes, request } from './http';
import { guestToken, makeProduct, shopBasics } from './cart-fixtures';

useTestDatabase({ demo: true });

const routes = listApiRoutes();
let productId: number;
beforeAll(async () => {
  // The demo seed brings English (default), Arabic (right-to-left) and French.
  clearMemos();
  const b = await shopBasics();
  productId = (await makeProduct({ storeId: b.storeA.id, categoryId: b.categoryId, selling: 2500, stock: 10, maxPerOrder: 5 })).id;
});

const get = (path: string, headers: Record<string, string> = {}) => request(routes, path, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(routes, path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('GET localization?locale_code=', () => {
  it('answers a language with its messages, English filling nothing for a complete language', async () => {
    const res = await get('/api/v1/localization?locale_code=ar');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.language).toMatchObject({ code: 'ar', direction: 'rtl', predefined: true });
    expect(data.messages.cart.productAdded).toBe('تمت إضافة المنتج إلى السلة');
    expect(data.messages.errors.signIn).toBe('يُرجى تسجيل الدخول للمتابعة.');
  });
  it('refuses an unknown language with a 404 in the Language header’s language', async () => {
    const res = await get('/api/v1/localization?locale_code=xx', { language: 'fr' });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Cette langue est introuvable.');
  });
});

describe('the Language header', () => {
  it('translates an error, a validation message with its field name, and a success message', async () => {
    const missing = await get('/api/v1/product/99999999', { language: 'ar' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('تعذّر العثور على هذا المنتج.');

    const invalid = await (await post('/api/v1/contact', { email: 'a@example.com' }, { language: 'fr' })).json();
    expect(invalid.data.form).toContain('Le nom est obligatoire');
    expect(invalid.data.name).toBeUndefined();

    const token = guestToken();
    const added = await post(
      '/api/v1/cart/action',
      { product_id: productId, quantity: 1 },
      { language: 'ar', authorization: `Bearer ${token}` },
    );
    expect((await added.json()).message).toBe('تمت إضافة المنتج إلى السلة');
  });
  it('outranks the currentLanguage cookie on the API; English stays the spec’s text', async () => {
    const fr = await get('/api/v1/product/99999999', { language: 'fr', cookie: 'currentLanguage=ar' });
    expect((await fr.json()).message).toBe('Ce produit est introuvable.');
    const cookieOnly = await get('/api/v1/product/99999999', { cookie: 'currentLanguage=ar' });
    expect((await cookieOnly.json()).message).toBe('تعذّر العثور على هذا المنتج.');
    const en = await get('/api/v1/product/99999999', { language: 'zz' });
    expect((await en.json()).message).toBe('This product could not be found.');
  });
});

describe('the language switch (api/v1/language)', () => {
  const form = (body: Record<string, string>) =>
    request(routes, '/api/v1/language', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://127.0.0.1:4321' },
      body: new URLSearchParams(body).toString(),
    });

  it('sets currentLanguage and i18n_redirected for a year and goes back to the page under its prefix', async () => {
    const res = await form({ code: 'ar', _from: '/cart?x=1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/ar/cart?x=1');
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('currentLanguage=ar'))).toMatch(/Max-Age=31536000/);
    expect(cookies.find((c) => c.startsWith('i18n_redirected=ar'))).toMatch(/Max-Age=31536000/);
  });
  it('back to English drops the prefix', async () => {
    const res = await form({ code: 'en', _from: '/ar/products/product/x' });
    expect(res.headers.get('location')).toBe('/products/product/x');
    expect(res.headers.getSetCookie().join()).toContain('currentLanguage=en');
  });
  it('answers JSON clients with the envelope, and refuses a language the shop does not have', async () => {
    const ok = await post('/api/v1/language', { code: 'fr' }, { accept: 'application/json' });
    expect(await ok.json()).toMatchObject({
      status: 200,
      message: 'La langue est maintenant : Français.',
      data: { current_language: 'fr' },
    });
    const bad = await post('/api/v1/language', { code: 'de' }, { accept: 'application/json' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).message).toBe('This language could not be found.');
  });
});
