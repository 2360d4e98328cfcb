import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import type { APIRoute } from 'astro';
import {
  contactMessages,
  newsletterSubscribers,
  products,
  reviewReports,
  reviews,
  sellers,
  storeMembers,
  stores,
} from '@/server/db/schema';
import { listProductEntries } from '@/server/catalog/sitemap';
import { settleAfterAnswer } from '@/server/core/background';
import { lastMailTo } from '@/server/mail/outbox';
import { useScratchOutbox } from './auth-helpers';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';
import { makeProduct, shopBasics } from './cart-fixtures';
import { requestModule } from './http';

/** Moderation and inbox in the back office (issue 34): reviews, seller applications and stores, messages, subscribers. */
useTestDatabase({ demo: true });
const outbox = useScratchOutbox();

let owner: Account;
let moderator: Account;
let shopper: Account;
let basics: Awaited<ReturnType<typeof shopBasics>>;

beforeAll(async () => {
  basics = await shopBasics();
  owner = await account(['owner']);
  moderator = await account(['staff'], ['update:content']);
  shopper = await account([]);
});

const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A product with these ratings, the first by `author` (a user), its figures counted as the shop would. */
async function productWithReviews(ratings: number[], author: { id: number; email: string }) {
  const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId });
  const ids: number[] = [];
  for (const [i, rating] of ratings.entries()) {
    const [row] = await getDb()
      .insert(reviews)
      .values({ productId: p.id, userId: i === 0 ? author.id : null, authorName: `Author ${i}`, rating, review: `Text ${i}` })
      .returning({ id: reviews.id });
    ids.push(row!.id);
  }
  const total = ratings.reduce((a, b) => a + b, 0);
  await getDb()
    .update(products)
    .set({ rating: (total / ratings.length).toFixed(2), reviewCount: ratings.length })
    .where(eq(products.id, p.id));
  const [row] = await getDb().select({ slug: products.slug }).from(products).where(eq(products.id, p.id));
  return { id: p.id, slug: row!.slug, reviewIds: ids };
}

describe('reviews moderation', () => {
  it('a hidden review leaves the product page and its API; rating and count change with it; the author is mailed why', async () => {
    const product = await productWithReviews([1, 5, 5], shopper);
    const before = await lastAuditId();
    const res = await api(`/api/v1/admin/reviews/${product.reviewIds[0]}/visibility`, moderator, {
      body: { visible: false, reason: 'Abusive language' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data).toEqual({
      id: product.reviewIds[0],
      status: 'hidden',
      product: { id: product.id, rating: 5, review_count: 2 },
    });
    const [row] = await getDb().select().from(products).where(eq(products.id, product.id));
    expect({ rating: Number(row!.rating), count: row!.reviewCount }).toEqual({ rating: 5, count: 2 });
    const listed = await json(await api(`/api/v1/reviews/${product.slug}`, null));
    expect(listed.data.total).toBe(2);
    expect(listed.data.all.map((r: { id: number }) => r.id)).not.toContain(product.reviewIds[0]);
    const detail = await json(await api(`/api/v1/product/${product.slug}`, null));
    expect(JSON.stringify(detail.data)).not.toContain('Text 0');
    const audit = await auditSince(before);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'reviews.visibility', entity: 'review', entityId: String(product.reviewIds[0]) });
    await settleAfterAnswer();
    const mail = await lastMailTo(outbox, shopper.email);
    expect(mail?.text).toContain('Abusive language');

    // Hiding it again changes nothing; showing it brings it and the figures back.
    expect(
      (await api(`/api/v1/admin/reviews/${product.reviewIds[0]}/visibility`, moderator, { body: { visible: false, reason: 'x' } })).status,
    ).toBe(409);
    const shown = await api(`/api/v1/admin/reviews/${product.reviewIds[0]}/visibility`, moderator, { body: { visible: true } });
    expect((await json(shown)).data.product).toEqual({ id: product.id, rating: 3.67, review_count: 3 });
    expect((await json(await api(`/api/v1/reviews/${product.slug}`, null))).data.total).toBe(3);
  });

  it('hiding needs a reason, and a missing review is 404 with nothing written', async () => {
    const product = await productWithReviews([4], shopper);
    const before = await lastAuditId();
    const noReason = await api(`/api/v1/admin/reviews/${product.reviewIds[0]}/visibility`, moderator, { body: { visible: false } });
    expect(noReason.status).toBe(422);
    expect((await json(noReason)).message).toBe('Say why the review is hidden');
    expect((await api('/api/v1/admin/reviews/999999999/visibility', moderator, { body: { visible: false, reason: 'Spam' } })).status).toBe(
      404,
    );
    expect(await auditSince(before)).toHaveLength(0);
  });

  it('shoppers report a review once each; reported reviews come first in the list; a guest must sign in', async () => {
    const product = await productWithReviews([2, 3], owner);
    const [target] = product.reviewIds;
    const other = await account([]);
    const first = await api(`/api/v1/reviews/${target}/report`, shopper, { body: {} });
    expect(first.status, await first.clone().text()).toBe(200);
    expect((await json(first)).data).toEqual({ review_id: target, reported: true });
    expect((await json(await api(`/api/v1/reviews/${target}/report`, shopper, { body: {} }))).data.reported).toBe(false);
    await api(`/api/v1/reviews/${target}/report`, other, { body: {} });
    expect(await getDb().select().from(reviewReports).where(eq(reviewReports.reviewId, target!))).toHaveLength(2);
    expect((await api(`/api/v1/reviews/${target}/report`, null, { body: {} })).status).toBe(401);

    const list = await json(await api(`/api/v1/admin/reviews?product_id=${product.id}`, moderator));
    expect(list.data.items.map((r: { id: number; reports: number }) => [r.id, r.reports])).toEqual([
      [target, 2],
      [product.reviewIds[1], 0],
    ]);
    const reported = await json(await api('/api/v1/admin/reviews?reported=1&per_page=100', moderator));
    expect(reported.data.items.every((r: { reports: number }) => r.reports > 0)).toBe(true);
    // A page of one, then the next: the keyset cursor carries the report count and the id.
    const page1 = await json(await api(`/api/v1/admin/reviews?product_id=${product.id}&per_page=1`, moderator));
    const page2 = await json(
      await api(`/api/v1/admin/reviews?product_id=${product.id}&per_page=1&cursor=${page1.data.next_cursor}`, moderator),
    );
    expect(page2.data.items.map((r: { id: number }) => r.id)).toEqual([product.reviewIds[1]]);
  });

  it('staff without the permission get 403', async () => {
    const orders = await account(['staff'], ['update:order']);
    expect((await api('/api/v1/admin/reviews', orders)).status).toBe(403);
    expect((await api('/api/v1/admin/sellers', moderator)).status).toBe(403);
  });
});

let applicants = 0;
/** A seller application in this state (a verified one may be approved). */
async function application(status: 'pending' | 'verified') {
  const n = `${process.pid}-${++applicants}-${Math.random().toString(36).slice(2, 6)}`;
  const [row] = await getDb()
    .insert(sellers)
    .values({
      name: `Applicant ${n}`,
      email: `applicant-${n}@example.com`,
      shopName: `Shop ${n}`,
      passwordHash: 'x',
      status,
      verifiedAt: status === 'verified' ? new Date() : null,
    })
    .returning({ id: sellers.id, email: sellers.email });
  return row!;
}

describe('seller applications and stores', () => {
  it('lists applications by status; refusing one mails the reason; a decided one cannot be refused again', async () => {
    const waiting = await application('verified');
    const list = await json(await api('/api/v1/admin/sellers?status=verified&per_page=100', owner));
    expect(list.data.items.map((a: { id: number }) => a.id)).toContain(waiting.id);
    expect(list.data.items.every((a: { status: string }) => a.status === 'verified')).toBe(true);
    const before = await lastAuditId();
    const res = await api(`/api/v1/admin/sellers/${waiting.id}/refuse`, owner, { body: { reason: 'We do not sell garden tools.' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await getDb().select().from(sellers).where(eq(sellers.id, waiting.id));
    expect(row).toMatchObject({ status: 'rejected', refusedReason: 'We do not sell garden tools.', passwordHash: null });
    expect(await auditSince(before)).toHaveLength(1);
    await settleAfterAnswer();
    const mail = await lastMailTo(outbox, waiting.email);
    expect(mail?.text).toContain('We do not sell garden tools.');
    expect((await api(`/api/v1/admin/sellers/${waiting.id}/refuse`, owner, { body: { reason: 'Again' } })).status).toBe(409);
    expect((await api(`/api/v1/admin/sellers/${waiting.id}/refuse`, owner, { body: { reason: '' } })).status).toBe(422);
    expect((await api('/api/v1/admin/sellers/999999999', owner)).status).toBe(404);
  });

  it('approves a verified application as seller:approve does: store, account, mail', async () => {
    const waiting = await application('verified');
    const res = await api(`/api/v1/admin/sellers/${waiting.id}/approve`, owner, { body: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = await json(res);
    const [store] = await getDb().select().from(stores).where(eq(stores.id, data.store_id));
    expect(store).toMatchObject({ status: 1 });
    const [member] = await getDb().select().from(storeMembers).where(eq(storeMembers.userId, data.user_id));
    expect(member?.storeId).toBe(data.store_id);
    await settleAfterAnswer();
    expect((await lastMailTo(outbox, waiting.email))?.text).toContain(`/shop/${store!.slug}`);
    const pending = await application('pending');
    expect((await api(`/api/v1/admin/sellers/${pending.id}/approve`, owner, { body: {} })).status).toBe(409);
  });

  it('a suspended store’s products leave listings, search, the product page and the sitemap, and come back unchanged', async () => {
    const [store] = await getDb()
      .insert(stores)
      .values({ slug: `suspend-me-${process.pid}`, name: 'Suspend Me', email: `suspend-me-${process.pid}@example.com` })
      .returning({ id: stores.id });
    const made = await makeProduct({ storeId: store!.id, categoryId: basics.categoryId });
    const word = `quuxolator${process.pid}`;
    await getDb()
      .update(products)
      .set({ title: `${word} charger` })
      .where(eq(products.id, made.id));
    const [p] = await getDb().select({ slug: products.slug }).from(products).where(eq(products.id, made.id));
    const slug = p!.slug;
    const visible = async () => ({
      listing: JSON.stringify((await json(await api(`/api/v1/products?product_ids=${made.id}`, null))).data).includes(slug),
      search: JSON.stringify((await json(await api(`/api/v1/search?q=${word}`, null))).data).includes(slug),
      page: (await api(`/api/v1/product/${slug}`, null)).status,
      sitemap: JSON.stringify(await listProductEntries(1)).includes(slug),
    });
    expect(await visible()).toEqual({ listing: true, search: true, page: 200, sitemap: true });

    const before = await lastAuditId();
    const res = await api(`/api/v1/admin/stores/${store!.id}/suspend`, owner, { body: { reason: 'Counterfeit goods' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data).toMatchObject({ id: store!.id, status: 'suspended', suspended_reason: 'Counterfeit goods' });
    expect(await visible()).toEqual({ listing: false, search: false, page: 404, sitemap: false });
    await settleAfterAnswer();
    expect((await lastMailTo(outbox, `suspend-me-${process.pid}@example.com`))?.text).toContain('Counterfeit goods');
    expect((await api(`/api/v1/admin/stores/${store!.id}/suspend`, owner, { body: { reason: 'Again' } })).status).toBe(409);
    const listed = await json(await api('/api/v1/admin/stores?status=suspended&per_page=100', owner));
    expect(listed.data.items.map((s: { id: number }) => s.id)).toContain(store!.id);

    expect((await api(`/api/v1/admin/stores/${store!.id}/reinstate`, owner, { body: {} })).status).toBe(200);
    expect(await visible()).toEqual({ listing: true, search: true, page: 200, sitemap: true });
    const [product] = await getDb().select({ status: products.status }).from(products).where(eq(products.id, made.id));
    expect(product!.status).toBe(1);
    expect((await auditSince(before)).map((a) => a.action)).toEqual(['stores.suspend', 'stores.reinstate']);
  });
});

describe('contact messages and newsletter subscribers', () => {
  it('lists open messages; answering mails the sender and marks it answered; marking answered needs no mail', async () => {
    const [asked] = await getDb()
      .insert(contactMessages)
      .values({ name: 'Ola', email: 'ola@example.com', subject: 'Cable length', message: 'How long is the cable?' })
      .returning({ id: contactMessages.id });
    const [other] = await getDb()
      .insert(contactMessages)
      .values({ name: 'Per', email: 'per@example.com', subject: 'Thanks', message: 'Arrived well.' })
      .returning({ id: contactMessages.id });
    const open = await json(await api('/api/v1/admin/messages?status=open&per_page=100', moderator));
    expect(open.data.items.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([asked!.id, other!.id]));
    expect((await json(await api(`/api/v1/admin/messages/${asked!.id}`, moderator))).data).toMatchObject({
      subject: 'Cable length',
      status: 'open',
    });

    const res = await api(`/api/v1/admin/messages/${asked!.id}/answer`, moderator, { body: { answer: 'Two metres.' } });
    expect(res.status, await res.clone().text()).toBe(200);
    await settleAfterAnswer();
    const mail = await lastMailTo(outbox, 'ola@example.com');
    expect(mail?.subject).toBe('Re: Cable length');
    expect(mail?.text).toContain('Two metres.');
    expect(mail?.text).toContain('How long is the cable?');
    expect((await json(await api(`/api/v1/admin/messages/${asked!.id}`, moderator))).data).toMatchObject({
      status: 'answered',
      answer: 'Two metres.',
    });
    expect((await api(`/api/v1/admin/messages/${asked!.id}/answer`, moderator, { body: { answer: 'Again' } })).status).toBe(409);
    expect((await api(`/api/v1/admin/messages/${other!.id}/answer`, moderator, { body: { answer: '' } })).status).toBe(422);

    expect((await api(`/api/v1/admin/messages/${other!.id}/answered`, moderator, { body: {} })).status).toBe(200);
    const answered = await json(await api('/api/v1/admin/messages?status=answered&per_page=100', moderator));
    expect(answered.data.items.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([asked!.id, other!.id]));
    expect((await api('/api/v1/admin/messages/999999999', moderator)).status).toBe(404);
  });

  it('lists subscribers by status and exports them as CSV, a formula-like address kept as text', async () => {
    const at = new Date();
    await getDb()
      .insert(newsletterSubscribers)
      .values([
        { email: `sub-confirmed-${process.pid}@example.com`, confirmedAt: at },
        { email: `sub-pending-${process.pid}@example.com` },
        { email: `sub-left-${process.pid}@example.com`, confirmedAt: at, unsubscribedAt: at },
        { email: `=cmd-${process.pid}@example.com`, confirmedAt: at },
      ]);
    const confirmed = await json(await api(`/api/v1/admin/subscribers?status=confirmed&q=${process.pid}`, moderator));
    expect(confirmed.data.items.map((s: { email: string }) => s.email).sort()).toEqual(
      [`=cmd-${process.pid}@example.com`, `sub-confirmed-${process.pid}@example.com`].sort(),
    );
    const mod = (await import('../../src/pages/admin/subscribers/export.csv')) as unknown as Record<string, APIRoute>;
    const res = await requestModule(mod, '/admin/subscribers/export.csv', {}, `/admin/subscribers/export.csv?q=${process.pid}`, {
      headers: { cookie: moderator.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const csv = await res.text();
    expect(csv.split('\n')[0]).toBe('email,status,subscribed_at,confirmed_at,left_at');
    expect(csv).toContain(`sub-left-${process.pid}@example.com,left,`);
    expect(csv).toContain(`'=cmd-${process.pid}@example.com`);
    const refused = await requestModule(mod, '/admin/subscribers/export.csv', {}, '/admin/subscribers/export.csv', {
      headers: { cookie: (await account(['staff'], ['read:order'])).cookie },
    });
    expect(refused.status).toBe(403);
  });
});
