import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from '../fixtures/auth';
import { productToBuy } from '../checkout/checkout-page';
import { keepShot } from '../fixtures';

/** A real photo on disk for the file input (a jpeg the shop must re-encode). */
export async function photoFile(dir: string, name: string, colour: string): Promise<string> {
  const path = `${dir}/${name}`;
  await sharp({ create: { width: 480, height: 360, channels: 3, background: colour } })
    .jpeg()
    .toFile(path);
  return path;
}

/**
 * This browser signed in as a new shopper with an address, who bought one unit of a free product (the
 * `skip`-th) by cash on delivery: the order, pending.
 */
export async function placedOrder(
  page: Page,
  baseURL: string,
  known: Record<string, { slug: string }>,
  skip: number,
  name = 'Rita Reviewer',
) {
  const api = page.request;
  const headers = { origin: baseURL };
  expect((await api.post('/test-only/session', { data: { email: uniqueEmail('buyer'), name } })).status()).toBe(200);
  const address = await api.post('/api/v1/user/address/action', {
    data: {
      name,
      email: 'rita@example.com',
      phone: '555-123-4567',
      country: 'US',
      state: 'CA',
      city: 'Fresno',
      zip: '93650',
      address_1: '1 Main St',
    },
    headers,
  });
  expect(address.status(), await address.text()).toBe(200);
  const item = await productToBuy(api, known, skip);
  const product = (await (await api.get(`/api/v1/product/${item.slug}`)).json()).data as { id: number; slug: string; title: string };
  expect((await api.post('/api/v1/cart/action', { data: { product_id: product.id, quantity: 1 }, headers })).status()).toBe(200);
  const placed = await api.post('/api/v1/order/action', {
    data: { address_id: (await address.json()).data.id, shipping_type: 1, payment_method: 2 },
    headers: { ...headers, 'idempotency-key': `placed-${Date.now()}-${skip}` },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return { orderId: (await placed.json()).data.order_id as number, product };
}

/** The same order, delivered (the test-only route stands in for the operator). */
export async function deliveredOrder(page: Page, baseURL: string, known: Record<string, { slug: string }>, skip: number) {
  const { orderId, product } = await placedOrder(page, baseURL, known, skip);
  expect(
    (await page.request.post('/test-only/order-delivered', { data: { order_id: orderId }, headers: { origin: baseURL } })).status(),
  ).toBe(200);
  return { orderId, product };
}

/** The product's published reviews as the public API counts them. */
export async function reviewTotal(api: APIRequestContext, slug: string): Promise<number> {
  return (await (await api.get(`/api/v1/reviews/${slug}`)).json()).data.total;
}

/** The product's `rating`/`review_count` columns, as a listing card shows them (search finds it by title). */
export async function cardFigures(api: APIRequestContext, product: { id: number; title: string }) {
  const res = await (await api.get(`/api/v1/search?q=${encodeURIComponent(product.title)}`)).json();
  const cards = (res.data.result?.data ?? res.data.products ?? []) as { id: number; rating: number; review_count: number }[];
  const card = cards.find((c) => c.id === product.id);
  return card ? { rating: card.rating, review_count: card.review_count } : null;
}

/** Screenshots at a phone's and a desktop's width (test-results/), for a person to look at. */
export async function look(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, { path: `test-results/reviews-${name}-${width}.png`, fullPage: true });
  }
}
