import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { auditLog, storeMembers, stores, users } from '@/server/db/schema';
import { createSession, SESSION_COOKIE } from '@/server/auth/sessions';
import type { Role } from '@/server/core/policy';
import { listApiRoutes, request, requestModule } from './http';
import { placeOf } from '@/server/backoffice/areas';

/** A back-office account of the test: its id and the cookie of a fresh session. */
export interface Account {
  id: number;
  email: string;
  cookie: string;
}

let counter = 0;

/** An account holding these roles (and staff permissions, and stores for a seller), signed in. */
export async function account(roles: Role[], permissions: string[] = [], storeIds: number[] = []): Promise<Account> {
  const email = `bo-${roles.join('-') || 'shopper'}-${process.pid}-${++counter}@example.com`;
  const [row] = await getDb()
    .insert(users)
    .values({ name: `Back ${counter}`, email, roles, permissions, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  for (const storeId of storeIds) await getDb().insert(storeMembers).values({ storeId, userId: row!.id });
  return { id: row!.id, email, cookie: await signIn(row!.id) };
}

/** A new session of this account (as a sign-in would make), as its cookie. */
export const signIn = async (userId: number) => `${SESSION_COOKIE}=${(await createSession(userId)).token}`;

/** Two stores of the demo shop: a seller of the first must not see the second's objects. */
export async function twoStores(): Promise<[number, number]> {
  const rows = await getDb().select({ id: stores.id }).from(stores).orderBy(stores.id).limit(2);
  return [rows[0]!.id, rows[1]!.id];
}

const ORIGIN = 'http://127.0.0.1:4321';
const apiRoutes = listApiRoutes();

/** A call to the JSON API through the real middleware, as this account (or a guest). */
export function api(path: string, who: Account | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  return request(apiRoutes, path, {
    method,
    headers: {
      accept: 'application/json',
      origin: ORIGIN,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? { cookie: who.cookie } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The stand-in a page answers with when the middleware lets the request through to it. */
export const PAGE_DRAWN = 'page drawn';

/**
 * A page request through the real middleware; the page itself is a stand-in (the guard's decision is what is
 * tested: the pages are drawn for real in the end-to-end tests). The 403 page drawn in its place answers 403.
 */
export function page(path: string, who: Account | null) {
  const stand = { ALL: async () => new Response(PAGE_DRAWN, { status: 200 }) };
  return requestModule(
    stand,
    path,
    {},
    `${ORIGIN}${path}`,
    { headers: { accept: 'text/html', ...(who ? { cookie: who.cookie } : {}) } },
    {
      '/403': () => new Response('forbidden page', { status: 403 }),
    },
  );
}

const PAGES_DIR = path.resolve(import.meta.dirname, '../../src/pages');

/** Every page file under src/pages/admin and src/pages/seller, as a path (`[id]` kept): a new page is covered without editing tests. */
export function listAreaPages(): string[] {
  const out: string[] = [];
  for (const area of ['admin', 'seller']) {
    const dir = path.join(PAGES_DIR, area);
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.(astro|ts)$/.test(file)) continue;
      const route = `/${area}/${file.split(path.sep).join('/')}`.replace(/\.(astro|ts)$/, '').replace(/\/index$/, '');
      out.push(route);
    }
  }
  return out.filter((p) => !isStorefront(p)).sort();
}

/** Every endpoint under api/v1/admin and api/v1/seller (the spec's seller sign-up excepted). */
export const listAreaEndpoints = () =>
  apiRoutes.map((r) => r.pattern).filter((p) => /^\/api\/v1\/(admin|seller)(\/|$)/.test(p) && !isStorefront(p));

/** The storefront's own paths under /seller (the spec's seller sign-up): outside the areas. */
function isStorefront(path: string): boolean {
  return placeOf(path.replace(/\[[^\]]+\]/g, '1')) === null;
}

/** The audit entries written since `afterId`. */
export const auditSince = (afterId: number) =>
  getDb()
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${afterId}`)
    .orderBy(auditLog.id);

export async function lastAuditId(): Promise<number> {
  const [row] = await getDb()
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
    .from(auditLog);
  return row!.id;
}

export const userRow = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0]!;

/** An order of this store (pending, cash on delivery, one line), as checkout would leave it. */
export async function makeOrder(
  storeId: number,
  over: { status?: string; paymentMethod?: number; email?: string; userId?: number; phone?: string } = {},
): Promise<number> {
  const { orders, orderLines } = await import('@/server/db/schema');
  const n = `${process.pid}${++counter}${Math.random().toString(36).slice(2, 6)}`;
  const [row] = await getDb()
    .insert(orders)
    .values({
      orderNo: `BO${n}`,
      storeId,
      userId: over.userId ?? null,
      status: over.status ?? 'pending',
      paymentMethod: over.paymentMethod ?? 2,
      email: over.email ?? `buyer-${n}@example.com`,
      trackingCode: `BT${n}`,
      subtotal: 2500,
      total: 2500,
      shippingAddress: {
        name: 'Bea Buyer',
        email: 'bea@example.com',
        phone: over.phone ?? '5125550100',
        country: 'US',
        state: 'TX',
        city: 'Austin',
        zip: '78701',
        address_1: '1 Main St',
        address_2: '',
      },
    })
    .returning({ id: orders.id });
  await getDb().insert(orderLines).values({ orderId: row!.id, title: 'Bench charger', unitPrice: 2500, quantity: 1, lineTotal: 2500 });
  const { orderStatusHistory } = await import('@/server/db/schema');
  await getDb()
    .insert(orderStatusHistory)
    .values({ orderId: row!.id, status: over.status ?? 'pending' });
  return row!.id;
}

/** A store voucher of this store (running a month from now). */
export async function voucherOf(storeId: number, over: { code?: string } = {}): Promise<number> {
  const { vouchers } = await import('@/server/db/schema');
  const code = over.code ?? `BO${process.pid}${++counter}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const [row] = await getDb()
    .insert(vouchers)
    .values({
      code,
      title: 'Ten off',
      storeId,
      priceType: 1,
      amount: 1000,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: vouchers.id });
  return row!.id;
}

/** A shown review of a product of this store, with the store's reply when given. */
export async function reviewOf(storeId: number, reply: string | null = null): Promise<number> {
  const { products, reviews } = await import('@/server/db/schema');
  const [product] = await getDb().select({ id: products.id }).from(products).where(eq(products.storeId, storeId)).limit(1);
  const [row] = await getDb()
    .insert(reviews)
    .values({
      productId: product!.id,
      authorName: 'Rae Viewer',
      rating: 4,
      review: 'Works well.',
      reply,
      replyAt: reply ? new Date() : null,
    })
    .returning({ id: reviews.id });
  return row!.id;
}
