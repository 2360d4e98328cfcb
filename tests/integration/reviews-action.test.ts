import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/voltmart-reviews-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  process.env.DATA_DIR = dir;
  return dir;
});

import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { products, reviewImages, reviews } from '@/server/db/schema';
import { createSession } from '@/server/auth/sessions';
import { placeOrder } from '@/server/orders/place';
import { settleAfterAnswer } from '@/server/core/background';
import { memoFor } from '@/server/core/memo';
import { saveReview } from '@/server/reviews/save';
import { getProductReviews } from '@/server/reviews';
import { parseWith } from '@/server/core/validation';
import { ReviewActionSchema, RATING_MESSAGE } from '@/lib/schemas/reviews';
import { IMAGE_MESSAGE } from '@/lib/schemas/account';
import { listApiRoutes, request } from './http';
import { makeProduct, shopBasics } from './cart-fixtures';
import { countRows, orderBody, putInCart, shopper } from './checkout-fixtures';

useTestDatabase({ demo: true });
const routes = listApiRoutes();
afterEach(settleAfterAnswer);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let basics: Awaited<ReturnType<typeof shopBasics>>;
beforeAll(async () => {
  basics = await shopBasics();
});

const reviewsDir = () => path.join(dataDir, 'uploads', 'reviews');
const storedFiles = () => (fs.existsSync(reviewsDir()) ? fs.readdirSync(reviewsDir()).sort() : []);
const fileAt = (url: string) => path.join(dataDir, url.replace(/^\/uploads\//, 'uploads/'));

const png = (w = 300, h = 200, colour = '#0b7a5c') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();
/** A real jpeg carrying EXIF (a copyright and a GPS-like comment) and a payload after its end marker. */
async function craftedJpeg(): Promise<Buffer> {
  const jpeg = await sharp(await png(640, 480, '#c0392b'))
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SECRET-EXIF-COPYRIGHT', ImageDescription: 'SECRET-EXIF-GPS' } })
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from('<?php system($_GET["c"]); /* SECRET-TRAILER */ ?>')]);
}
const file = (bytes: Buffer | Uint8Array, name: string, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

/** A shopper with a placed cash-on-delivery order of one (or more) products; `delivered` runs the operator's UPDATE. */
async function orderOf(productIds: number[], delivered = true) {
  const u = await shopper();
  for (const id of productIds) await putInCart(u.id, id, 1);
  const placed = await placeOrder(u, orderBody({ address_id: u.addressId }));
  if (delivered) await getDb().execute(sql`update orders set status = 'delivered' where id = ${placed.order_id}`);
  const { token } = await createSession(u.id, {});
  return { u, orderId: placed.order_id, token };
}
const newProduct = () => makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1500, stock: 20 });

function post(
  token: string,
  fields: Record<string, string | number | (string | number)[]>,
  files: File[] = [],
  field = 'images[]',
  accept = 'application/json',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, String(one));
  for (const f of files) form.append(field, f);
  return send(form, { authorization: `Bearer ${token}`, accept });
}
/** A multipart body sent as one buffer, as a browser's upload arrives (the runner may stop reading it early). */
async function send(form: FormData, headers: Record<string, string>) {
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const type = encoded.headers.get('content-type')!;
  return request(routes, '/api/v1/rating-review/action', { method: 'POST', headers: { ...headers, 'content-type': type }, body });
}
const productFigures = async (id: number) => {
  const [p] = await getDb().select({ rating: products.rating, count: products.reviewCount }).from(products).where(eq(products.id, id));
  return { rating: p!.rating, count: p!.count };
};

describe('rating-review/action', () => {
  it('refuses a review before delivery, writes one after, with photos re-encoded so no metadata or trailing payload survives', async () => {
    const p = await newProduct();
    const { orderId, token } = await orderOf([p.id], false);
    const early = await post(token, { order_id: orderId, product_id: p.id, rating: 4, review: 'Works' }, [file(await png(), 'a.png')]);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ status: 201, message: 'You can review this product once the order has been delivered.' });
    expect(await countRows('reviews', sql`product_id = ${p.id}`)).toBe(0);
    expect(storedFiles()).toEqual([]);

    await getDb().execute(sql`update orders set status = 'delivered' where id = ${orderId}`);
    const crafted = await craftedJpeg();
    expect(crafted.includes('SECRET-EXIF-COPYRIGHT')).toBe(true);
    const res = await post(token, { order_id: orderId, product_id: p.id, rating: 4, review: '  Charges fast.  ' }, [
      file(crafted, 'photo.png', 'image/png'),
      file(await png(), 'b.png'),
    ]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 200, message: 'Thank you! Your review is saved.' });
    expect(body.data).toMatchObject({ order_id: orderId, product_id: p.id, rating: 4, review: 'Charges fast.', created: true });
    expect(body.data.product).toEqual({ rating: 4, review_count: 1 });
    expect(body.data.images).toHaveLength(2);
    const [jpegUrl, pngUrl] = body.data.images.map((i: { url: string }) => i.url);
    expect(jpegUrl).toMatch(/^\/uploads\/reviews\/[0-9a-f]{24}\.jpg$/);
    expect(pngUrl).toMatch(/^\/uploads\/reviews\/[0-9a-f]{24}\.png$/);
    const stored = fs.readFileSync(fileAt(jpegUrl));
    for (const secret of ['SECRET-EXIF-COPYRIGHT', 'SECRET-EXIF-GPS', 'SECRET-TRAILER', '<?php'])
      expect(stored.includes(secret)).toBe(false);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 640, 480, undefined]);
    // Ends with the JPEG end marker: nothing after the image data.
    expect([...stored.subarray(-2)]).toEqual([0xff, 0xd9]);

    expect(await productFigures(p.id)).toEqual({ rating: '4.00', count: 1 });
    const shown = await getProductReviews(String(p.id));
    expect(shown.summary).toMatchObject({ total: 1, average: 4 });
    expect(shown.reviews.data[0]).toMatchObject({ rating: 4, review: 'Charges fast.', images: [jpegUrl, pngUrl] });

    const find = await request(routes, `/api/v1/rating-review/find/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await find.json()).data).toMatchObject({
      order_id: orderId,
      can_review: true,
      lines: [{ product_id: p.id, review: { id: body.data.id, rating: 4, images: body.data.images } }],
    });
  });

  it('sending again edits the one review of the line: rating, text, a photo removed and one added; the product average follows', async () => {
    const p = await newProduct();
    const first = await orderOf([p.id]);
    const other = await orderOf([p.id]);
    const a = await post(first.token, { order_id: first.orderId, product_id: p.id, rating: 2, review: 'Meh' }, [
      file(await png(), '1.png'),
      file(await png(), '2.png'),
    ]);
    const saved = (await a.json()).data;
    await post(other.token, { order_id: other.orderId, product_id: p.id, rating: 5, review: 'Great' });
    expect(await productFigures(p.id)).toEqual({ rating: '3.50', count: 2 });

    const [gone, kept] = saved.images as { id: number; url: string }[];
    const edit = await post(
      first.token,
      { order_id: first.orderId, product_id: p.id, rating: 3, review: 'Better after an update', remove_images: [gone!.id] },
      [file(await png(), '3.png')],
      'images',
    );
    expect(edit.status).toBe(200);
    const edited = await edit.json();
    expect(edited.message).toBe('Your review is updated.');
    expect(edited.data).toMatchObject({ id: saved.id, created: false, rating: 3, review: 'Better after an update' });
    expect(edited.data.images.map((i: { id: number }) => i.id)).toEqual([kept!.id, expect.any(Number)]);
    expect(fs.existsSync(fileAt(gone!.url))).toBe(false);
    expect(fs.existsSync(fileAt(kept!.url))).toBe(true);
    expect(await countRows('reviews', sql`product_id = ${p.id}`)).toBe(2);
    // (3 + 5) / 2
    expect(await productFigures(p.id)).toEqual({ rating: '4.00', count: 2 });
    expect(edited.data.product).toEqual({ rating: 4, review_count: 2 });
  });

  it('one review per line even when two first sends race (the second becomes the edit)', async () => {
    const p = await newProduct();
    const { u, orderId } = await orderOf([p.id]);
    const input = (rating: number) => parseWith(ReviewActionSchema, { order_id: orderId, product_id: p.id, rating, review: `r${rating}` });
    const results = await Promise.all([saveReview(u, input(1)), saveReview(u, input(5))]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(await countRows('reviews', sql`product_id = ${p.id}`)).toBe(1);
    const [row] = await getDb().select().from(reviews).where(eq(reviews.productId, p.id));
    expect(await productFigures(p.id)).toEqual({ rating: `${row!.rating}.00`, count: 1 });
  });

  it('concurrent reviews of one product by different shoppers are all counted', async () => {
    const p = await newProduct();
    const buyers = await Promise.all([1, 2, 3, 4].map(() => orderOf([p.id])));
    await Promise.all(
      buyers.map((b, i) => saveReview(b.u, parseWith(ReviewActionSchema, { order_id: b.orderId, product_id: p.id, rating: i + 2 }))),
    );
    // (2 + 3 + 4 + 5) / 4
    expect(await productFigures(p.id)).toEqual({ rating: '3.50', count: 4 });
  });

  it('refuses every photo that is not a real jpeg/png of at most 1000 KB, judged by content, and writes nothing', async () => {
    const p = await newProduct();
    const { orderId, token } = await orderOf([p.id]);
    const before = storedFiles();
    const gif = Buffer.from(
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
      'latin1',
    );
    const text = Buffer.from('just some notes, not a picture');
    const magicOnly = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]);
    const big = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1000 * 1024);
    expect(big.length).toBeLessThan(2000 * 1024);
    for (const bad of [
      file(gif, 'cat.gif', 'image/gif'),
      file(text, 'notes.jpg', 'image/jpeg'),
      file(magicOnly, 'fake.png'),
      file(big, 'big.png'),
    ]) {
      // A good photo beside it: nothing of the request is kept.
      const res = await post(token, { order_id: orderId, product_id: p.id, rating: 5 }, [file(await png(), 'good.png'), bad]);
      expect(res.status, bad.name).toBe(422);
      const body = await res.json();
      expect(body).toMatchObject({ status: 201, message: IMAGE_MESSAGE, data: { form: [IMAGE_MESSAGE] } });
    }
    // A body larger than 5 photos can be is cut off while it arrives (413), with the same message.
    const huge = await post(
      token,
      { order_id: orderId, product_id: p.id, rating: 5 },
      [1, 2, 3, 4, 5, 6].map((i) => file(big, `${i}.png`)),
    );
    expect([huge.status, (await huge.json()).message]).toEqual([413, IMAGE_MESSAGE]);
    expect(IMAGE_MESSAGE).toBe('Supported images: jpg, png (Max size: 1000kb)');
    expect(await countRows('reviews', sql`product_id = ${p.id}`)).toBe(0);
    expect(storedFiles()).toEqual(before);
    expect(await productFigures(p.id)).toEqual({ rating: '0.00', count: 0 });
  });

  it('allows 5 photos, refuses a 6th, also on an edit, and leaves no file behind', async () => {
    const p = await newProduct();
    const { orderId, token } = await orderOf([p.id]);
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => file(await png(50 + i, 50), `${i}.png`)));
    const before = storedFiles();
    const tooMany = await post(token, { order_id: orderId, product_id: p.id, rating: 5 }, six);
    expect([tooMany.status, (await tooMany.json()).message]).toEqual([
      422,
      'A review can have at most 5 photos. Remove some to add new ones.',
    ]);
    expect(storedFiles()).toEqual(before);
    expect(await countRows('reviews', sql`product_id = ${p.id}`)).toBe(0);

    const four = await post(token, { order_id: orderId, product_id: p.id, rating: 5, review: 'four' }, six.slice(0, 4));
    const saved = (await four.json()).data;
    expect(saved.images).toHaveLength(4);
    const afterFour = storedFiles();
    const more = await post(token, { order_id: orderId, product_id: p.id, rating: 1, review: 'changed' }, six.slice(4, 6));
    expect([more.status, (await more.json()).message]).toEqual([422, 'A review can have at most 5 photos. Remove some to add new ones.']);
    expect(storedFiles()).toEqual(afterFour);
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, saved.id));
    expect([row!.rating, row!.review]).toEqual([5, 'four']);
    expect(await countRows('review_images', sql`review_id = ${saved.id}`)).toBe(4);
    // Dropping one makes room for two: 3 kept + 2 new.
    const swap = await post(
      token,
      { order_id: orderId, product_id: p.id, rating: 4, remove_images: [saved.images[0].id] },
      six.slice(4, 6),
    );
    expect(swap.status).toBe(200);
    expect((await swap.json()).data.images).toHaveLength(5);
  });

  it('refuses a rating outside 1–5, another user’s order, a product not in the order, and a guest', async () => {
    const p = await newProduct();
    const q = await newProduct();
    const { orderId, token } = await orderOf([p.id]);
    const stranger = await orderOf([q.id]);
    for (const rating of ['0', '6', '3.5', 'five', '']) {
      const res = await post(token, { order_id: orderId, product_id: p.id, rating });
      expect(res.status, rating).toBe(422);
      expect((await res.json()).message).toBe(RATING_MESSAGE);
    }
    const theirs = await post(stranger.token, { order_id: orderId, product_id: p.id, rating: 5 });
    expect([theirs.status, (await theirs.json()).message]).toEqual([404, 'The order could not be found.']);
    const missing = await post(token, { order_id: 2_000_000_000, product_id: p.id, rating: 5 });
    expect([missing.status, (await missing.json()).message]).toEqual([404, 'The order could not be found.']);
    const notInOrder = await post(token, { order_id: orderId, product_id: q.id, rating: 5 });
    expect([notInOrder.status, (await notInOrder.json()).message]).toEqual([422, 'This product is not part of that order.']);
    const findTheirs = await request(routes, `/api/v1/rating-review/find/${orderId}`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(findTheirs.status).toBe(404);
    const form = new FormData();
    form.append('order_id', String(orderId));
    const guest = await send(form, {});
    expect(guest.status).toBe(401);
    expect(await countRows('reviews', sql`product_id in (${p.id}, ${q.id})`)).toBe(0);
    expect(await productFigures(p.id)).toEqual({ rating: '0.00', count: 0 });
  });

  it('a plain form post (JavaScript off) goes back to the review page: on success with the message, on failure with the form state', async () => {
    const p = await newProduct();
    const { orderId, token } = await orderOf([p.id]);
    const from = `/user/order/${orderId}/review`;
    const bad = await post(token, { order_id: orderId, product_id: p.id, rating: 9, _from: from }, [], 'images', 'text/html');
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(from);
    const good = await post(
      token,
      { order_id: orderId, product_id: p.id, rating: 4, review: 'ok', _from: from },
      [file(await png(), 'x.png')],
      'images',
      'text/html',
    );
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe(`${from}#review-${p.id}`);
    expect(await countRows('review_images', sql`review_id in (select id from reviews where product_id = ${p.id})`)).toBe(1);
  });
});

describe('caches', () => {
  it('a saved review empties the per-process caches (guest pages, listings), a refused one does not', async () => {
    let loads = 0;
    const memo = memoFor(60_000, async () => ++loads);
    const p = await newProduct();
    const { u, orderId } = await orderOf([p.id]);
    await memo.get();
    await expect(
      saveReview(u, parseWith(ReviewActionSchema, { order_id: orderId, product_id: p.id, rating: 3, images: ['x'] })),
    ).rejects.toThrow(IMAGE_MESSAGE);
    expect(await memo.get()).toBe(1);
    await saveReview(u, parseWith(ReviewActionSchema, { order_id: orderId, product_id: p.id, rating: 3 }));
    expect(await memo.get()).toBe(2);
  });
});

describe('review images table', () => {
  it('belongs to reviews only (a photo id of another review is ignored on remove)', async () => {
    const p = await newProduct();
    const a = await orderOf([p.id]);
    const b = await orderOf([p.id]);
    const ra = await saveReview(
      a.u,
      parseWith(ReviewActionSchema, { order_id: a.orderId, product_id: p.id, rating: 5, images: [file(await png(), 'a.png')] }),
    );
    const rb = await saveReview(
      b.u,
      parseWith(ReviewActionSchema, { order_id: b.orderId, product_id: p.id, rating: 4, remove_images: [ra.images[0]!.id] }),
    );
    expect(rb.images).toEqual([]);
    expect(await getDb().select().from(reviewImages).where(eq(reviewImages.reviewId, ra.id))).toHaveLength(1);
  });
});
