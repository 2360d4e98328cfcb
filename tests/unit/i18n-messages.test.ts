import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMessages } from '@/i18n/completeness';
import { englishOf, getT, keyOf, translateMessage } from '@/i18n';
import { AppError, notFound } from '@/server/core/errors';
import { throttled } from '@/server/core/throttle';
import { LANGUAGES } from '@/server/demo/data/settings';
import { numberLocale, formatPrice } from '@/lib/price';

const root = join(import.meta.dirname, '../../src/i18n/locales');
const load = (code: string) =>
  readdirSync(join(root, code)).map((f) => JSON.parse(readFileSync(join(root, code, f), 'utf8')) as Record<string, unknown>);
const shipped = readdirSync(root).filter((c) => c !== 'en');

describe('shipped languages', () => {
  it('ship Arabic and French, and every demo language has bundled messages', () => {
    expect(shipped.sort()).toEqual(['ar', 'fr']);
    for (const l of LANGUAGES) expect(readdirSync(root)).toContain(l.code);
  });
  it.each(shipped)('%s has every English key, with the same placeholders', (code) => {
    expect(compareMessages(load('en'), load(code))).toEqual({ missing: [], placeholders: [] });
  });
  it('the check finds a missing key, a changed placeholder and a missing plural form', () => {
    const en = [{ a: { b: 'Hello {{name}}', c: 'Bye' }, n_one: '{{count}} item', n_other: '{{count}} items' }];
    expect(compareMessages(en, [{ a: { b: 'Salut {{nom}}' }, n_one: 'un' }])).toEqual({ missing: ['a.c', 'n'], placeholders: ['a.b'] });
  });
});

describe('messages written as English sentences or keys', () => {
  it('finds the key of a sentence, and of a sentence built from a pattern with its values', () => {
    expect(keyOf('Please sign in to continue.')).toEqual({ key: 'errors.signIn' });
    expect(keyOf('Name is required')).toEqual({ key: 'validation.required', vars: { type: 'Name' } });
    expect(keyOf('A sentence nobody keyed.')).toBeNull();
  });
  it('translates a schema message with its field name into Arabic and French', async () => {
    expect(translateMessage(await getT('ar'), 'Name is required')).toBe('الاسم مطلوب');
    expect(translateMessage(await getT('fr'), 'Zip code must be at most 20 characters')).toBe(
      'Le code postal doit faire au plus 20 caractères',
    );
    expect(translateMessage(await getT('fr'), 'Something already translated')).toBe('Something already translated');
  });
  it('an AppError reads in English and localizes its message, form and field messages', async () => {
    const err = new AppError({ code: 'CONFLICT', message: 'errors.emailTaken', details: { fields: { email: 'errors.emailTaken' } } });
    expect(err.message).toBe('An account with this email already exists. Sign in, or reset your password if you forgot it.');
    expect(err.details).toEqual({ fields: { email: err.message } });
    const ar = err.localized(await getT('ar'));
    expect(ar.message).toBe('يوجد حساب بهذا البريد الإلكتروني بالفعل. سجّل الدخول، أو أعد تعيين كلمة المرور إن نسيتها.');
    expect(ar.form).toEqual([ar.message]);
    expect(ar.details).toEqual({ fields: { email: ar.message } });
  });
  it('not-found and throttle messages keep the spec English and translate their parts', async () => {
    expect(notFound('thisProduct').message).toBe('This product could not be found.');
    expect(notFound('sellerApplication', { id: 7 }).message).toBe('Seller application 7 could not be found.');
    const slow = throttled('Too many wrong codes.', 600);
    expect(slow.message).toBe('Too many wrong codes. Please try again in 10 minutes.');
    expect(slow.localized(await getT('fr')).message).toBe('Trop de codes erronés. Veuillez réessayer dans 10 minutes.');
    expect(throttled('Too many wrong codes.', 1).message).toBe('Too many wrong codes. Please try again in 1 second.');
    expect(englishOf('errors.noEndpoint', { path: '/api/v1/x' })).toBe('There is no API endpoint at /api/v1/x.');
  });
});

describe('numbers and prices per language', () => {
  const shop = { currency_icon: '$', currency_position: 1 as const };
  it('the default language keeps the shop’s decimal_format; others use their own', () => {
    expect(numberLocale('en', 'en', 'en-US')).toBe('en-US');
    expect(numberLocale('fr', 'en', 'en-US')).toBe('fr');
    expect(formatPrice(129950, { ...shop, decimal_format: numberLocale('fr', 'en', 'en-US') })).toBe('$1\u202f299,50');
    // CLDR writes Arabic numbers with Latin digits by default (as the dates).
    // …isolated left-to-right inside right-to-left text.
    expect(formatPrice(129950, { ...shop, decimal_format: numberLocale('ar', 'en', 'en-US') })).toBe('\u2066$1,299.50\u2069');
    expect(formatPrice(1500, { currency_icon: '€', currency_position: 2, decimal_format: 'fr' })).toBe('15€');
  });
});

describe('prefix-except-default paths', () => {
  it('prefixes every language but the default, and strips only known prefixes', async () => {
    const { localizedPath, splitLocalePrefix } = await import('@/lib/locale-path');
    expect(localizedPath('/cart?x=1', 'ar', 'en')).toBe('/ar/cart?x=1');
    expect(localizedPath('/', 'fr', 'en')).toBe('/fr');
    expect(localizedPath('/cart', 'en', 'en')).toBe('/cart');
    expect(splitLocalePrefix('/ar/products/product/x', ['ar', 'fr'])).toEqual({ lang: 'ar', path: '/products/product/x' });
    expect(splitLocalePrefix('/ar', ['ar'])).toEqual({ lang: 'ar', path: '/' });
    expect(splitLocalePrefix('/all/chargers', ['ar'])).toBeNull();
    expect(splitLocalePrefix('/en/cart', ['ar', 'fr'])).toBeNull();
  });
});
