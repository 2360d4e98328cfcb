import { getT } from '@/i18n';
import { SettingsSchema } from '@/lib/schemas/settings';
import type { APIContext } from 'astro';
import { getDb } from '@/server/db/client';
import { countries, states, stores, users } from '@/server/db/schema';
import { hashPassword } from '@/server/auth/passwords';
import type { AddressInput } from '@/lib/schemas/account';

/** A user, optionally with a password. */
export async function makeUser(email: string, password?: string) {
  const [user] = await getDb()
    .insert(users)
    .values({ name: 'Grace Hopper', email, passwordHash: password ? await hashPassword(password) : null })
    .returning();
  return user!;
}

/** The few places address tests need: a country with states and one without. */
export async function seedPlaces() {
  const db = getDb();
  await db
    .insert(countries)
    .values([
      { code: 'US', name: 'United States', phoneCode: '+1' },
      { code: 'SG', name: 'Singapore', phoneCode: '+65' },
    ])
    .onConflictDoNothing();
  await db
    .insert(states)
    .values([
      { countryCode: 'US', code: 'NY', name: 'New York' },
      { countryCode: 'US', code: 'CA', name: 'California' },
    ])
    .onConflictDoNothing();
}

export async function makeStore(slug: string) {
  const [store] = await getDb()
    .insert(stores)
    .values({ slug, name: `Store ${slug}`, logo: `/demo/stores/${slug}-logo.svg` })
    .returning();
  return store!;
}

export const address = (over: Partial<AddressInput> = {}): AddressInput => ({
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '(555) 123-4567',
  country: 'US',
  state: 'NY',
  city: 'New York',
  zip: '10001',
  address_1: '1 Main St',
  address_2: '',
  kind: 'shipping',
  is_default: false,
  ...over,
});

/** Just enough of Astro's APIContext to call an endpoint's handler in-process. */
/** English messages, as the middleware gives a request without a Language header. */
const en = await getT('en');

export function apiContext(opts: {
  method: string;
  url: string;
  user: { id: number; name: string; email: string } | null;
  params?: Record<string, string>;
  body?: unknown;
  sessionHash?: string | null;
  form?: boolean;
}): APIContext {
  const request = opts.form
    ? new Request(opts.url, {
        method: opts.method,
        headers: {
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
          referer: 'http://shop.test/user/addresses?add=shipping',
        },
        body: new URLSearchParams(opts.body as Record<string, string>).toString(),
      })
    : new Request(opts.url, {
        method: opts.method,
        headers:
          opts.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
  const jar = new Map<string, string>();
  const cookies = {
    get: (n: string) => (jar.has(n) ? { value: jar.get(n) } : undefined),
    set: (n: string, v: string) => jar.set(n, v),
    delete: (n: string) => jar.delete(n),
    has: (n: string) => jar.has(n),
  };
  return {
    request,
    url: new URL(opts.url),
    params: opts.params ?? {},
    cookies,
    clientAddress: '127.0.0.1',
    // What the middleware builds once per request (src/middleware.ts).
    locals: {
      user: opts.user,
      lang: 'en',
      t: en,
      origin: 'http://shop.test',
      settings: SettingsSchema.parse({}),
      guestToken: null,
      sessionHash: opts.sessionHash ?? null,
      flash: null,
    },
  } as unknown as APIContext;
}
