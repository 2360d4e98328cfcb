import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useScratchOutbox } from './auth-helpers';
import { useTestDatabase } from '../setup/db';
import { makeUser, seedPlaces } from './account-fixtures';
import { createSession } from '@/server/auth/sessions';
import { listApiRoutes, request, type ApiRoute } from './http';
import { settleAfterAnswer } from '@/server/core/background';

/**
 * Bounded fuzz of every endpoint under src/pages/api/v1 (found on disk, so a new endpoint is included
 * without touching this file), through the real middleware, on this run's database (PGlite or
 * PostgreSQL): hostile paths, queries, bodies and headers never give a 5xx, always give the envelope,
 * and never a raw validation-library text.
 */
useScratchOutbox();
useTestDatabase();
// Mail queued by forgot-password goes out before the database is dropped.
afterAll(settleAfterAnswer);

const routes = listApiRoutes();
let userId = 0;
beforeAll(async () => {
  await seedPlaces();
  userId = (await makeUser('fuzz@example.com', 'correct horse')).id;
});

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\u0007bell',
    'line\nbreak',
    'tab\there',
    '\ud800',
    '%00',
    '%ZZ',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    'x'.repeat(6000),
    'a@b.co',
    'Grace Hopper',
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom('9007199254740992', '2147483648', '-1', '0', '1e308', '1,000,000,000', 'NaN', '1.5', '99999999999999999999', '0x10'),
  fc.integer().map(String),
);
const hostileValue = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, [], {}, -1, 0, 2 ** 53, 1e308, 1.5),
  fc.jsonValue({ maxDepth: 2 }),
);
const FIELDS = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'code',
  'token',
  'resend',
  'subject',
  'message',
  'phone',
  'country',
  'state',
  'city',
  'zip',
  'address_1',
  'address_2',
  'kind',
  'is_default',
  'product_id',
  'quantity',
  'store_id',
  'id',
  'redirect',
  'provider',
  'image',
];
const QUERY_KEYS = [
  'page',
  'per_page',
  'min',
  'max',
  'rating',
  'sort',
  'tags',
  'category',
  'sub_category',
  'category_ids',
  'sub_category_ids',
  'brand_ids',
  'product_ids',
  'brand',
  'collection',
  'q',
  'order_id',
  'email',
  'locale_code',
  'provider',
  'redirect',
];

const queryArb = fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(hostileText, hostileNumber), { maxKeys: 4 });
const bodyArb = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }).map((o) => ({ type: 'json', text: JSON.stringify(o) })),
  fc
    .dictionary(fc.constantFrom(...FIELDS), fc.oneof(hostileText, hostileNumber), { maxKeys: 8 })
    .map((o) => ({ type: 'form', text: new URLSearchParams(o).toString() })),
  fc
    .oneof(fc.constantFrom('null', '[]', '"x"', '42', '{', '{"name":', 'true'), fc.string({ maxLength: 30 }))
    .map((text) => ({ type: 'json', text })),
);
const paramArb = fc.oneof(
  fc.constantFrom('1', '0', '-1', '9007199254740992', 'abc', '%00', '%E2%82', 'a%20b', '1.5'),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/),
);

interface Case {
  route: ApiRoute;
  param: string;
  method: string;
  query: Record<string, string>;
  body: { type: string; text: string } | undefined;
  signedIn: boolean;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  route: fc.constantFrom(...routes),
  param: paramArb,
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  query: queryArb,
  body: bodyArb,
  signedIn: fc.boolean(),
});

/** A concrete path for a route pattern, with every [param] filled. */
const pathOf = (route: ApiRoute, param: string) =>
  `/api/v1/${route.segments.map((s) => (s.startsWith('[') ? encodeURIComponent(param) : s)).join('/')}`;

async function send(c: Case): Promise<Response> {
  const url = new URL(pathOf(c.route, c.param), 'http://127.0.0.1:4321');
  for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (c.signedIn) headers.authorization = `Bearer ${(await createSession(userId, {})).token}`;
  const withBody = c.body && c.method !== 'GET';
  if (withBody) headers['content-type'] = c.body!.type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return request(routes, url, { method: c.method, headers, body: withBody ? c.body!.text : undefined });
}

/** Texts zod writes when a schema gave no message of its own: never shown to a person. */
const RAW_VALIDATION = /Invalid input|expected \w+, received|Too (big|small)|Invalid option|Unrecognized key|Invalid (string|number|type)/;

async function expectEnvelope(c: Case) {
  const res = await send(c);
  const label = `${c.method} ${pathOf(c.route, c.param)} ${JSON.stringify(c.query)} ${c.body?.text.slice(0, 200) ?? ''}`;
  expect(res.status, label).toBeLessThan(500);
  expect(res.headers.get('content-type'), label).toContain('application/json');
  const body = (await res.json()) as { status: unknown; message: unknown; data: unknown };
  expect(typeof body.status, label).toBe('number');
  expect(typeof body.message, label).toBe('string');
  expect('data' in body, label).toBe(true);
  expect(body.message as string, label).not.toMatch(RAW_VALIDATION);
  for (const m of (body.data as { form?: unknown[] } | null)?.form ?? []) expect(String(m), label).not.toMatch(RAW_VALIDATION);
}

describe('every api/v1 endpoint under hostile input', () => {
  it('finds the endpoints on disk', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.pattern)).toContain('/api/v1/user/forgot-password');
  });

  it('answers NUL bytes, nulls and out-of-range numbers in every endpoint with a 4xx envelope, never a 5xx', async () => {
    const nul = Object.fromEntries(FIELDS.map((f) => [f, `a\u0000b${f === 'email' ? '@example.com' : ''}`]));
    for (const route of routes) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        for (const body of [
          undefined,
          { type: 'json', text: 'null' },
          { type: 'json', text: JSON.stringify(nul) },
          { type: 'form', text: new URLSearchParams(nul).toString() },
        ]) {
          await expectEnvelope({
            route,
            param: '9007199254740992',
            method,
            query: { page: '%ZZ', tags: '9007199254740992', min: '1,000,000,000' },
            body,
            signedIn: true,
          });
        }
      }
    }
  }, 120_000);

  it('keeps the envelope for a few hundred random requests', async () => {
    await fc.assert(fc.asyncProperty(caseArb, expectEnvelope), { numRuns: 300, seed: Number(process.env.FUZZ_SEED ?? 20261124) });
  }, 180_000);
});
