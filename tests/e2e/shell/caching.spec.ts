import { test, expect } from '../fixtures';

test('a static guest page has a strong ETag and answers If-None-Match with 304', async ({ request }) => {
  const first = await request.get('/site-map');
  expect(first.status()).toBe(200);
  const etag = first.headers()['etag'];
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(first.headers()['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  expect(first.headers()['vary']).toMatch(/Accept-Encoding/);
  expect(first.headers()['vary']).toMatch(/Save-Data/);
  expect(first.headers()['vary']).toMatch(/Cookie/);

  const again = await request.get('/site-map', { headers: { 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
  expect(again.headers()['etag']).toBe(etag);
  expect(await again.body()).toHaveLength(0);

  // Asked again, it comes from the page cache with the same tag. The copy is kept 10 s: on a slow machine
  // the first one may be gone by now, so wait for a repeat that is a hit (the one before it kept it again).
  await expect.poll(async () => (await request.get('/site-map')).headers()['x-page-cache'], { timeout: 60_000 }).toMatch(/^hit/);
  const same = await request.get('/site-map');
  expect(same.headers()['etag']).toBe(etag);
});

test('the front door repeats a cached guest answer asked again the same way, and never one with a cookie', async ({ request }) => {
  // The app answers from its page cache first; the same request again is answered before the app. Both
  // copies are kept 10 s, so on a slow machine wait for a moment when the front door and the app both hold it.
  let front!: Awaited<ReturnType<typeof request.get>>;
  let app!: Awaited<ReturnType<typeof request.get>>;
  await expect
    .poll(
      async () => {
        front = await request.get('/site-map');
        app = await request.get('/site-map', { headers: { cookie: 'unrelated=1' } });
        return [front.headers()['x-page-cache'], app.headers()['x-page-cache']];
      },
      { timeout: 60_000 },
    )
    .toEqual(['hit, front door', 'hit']);
  expect(front.headers()['etag']).toBe(app.headers()['etag']);
  expect(await front.text()).toBe(await app.text());
  for (const name of ['content-security-policy', 'cache-control', 'vary', 'content-type', 'x-frame-options'])
    expect(front.headers()[name], name).toBe(app.headers()[name]);
  let head!: Awaited<ReturnType<typeof request.head>>;
  await expect
    .poll(async () => (head = await request.head('/site-map')).headers()['x-page-cache'], { timeout: 60_000 })
    .toBe('hit, front door');
  expect(await head.body()).toHaveLength(0);
  // Another header the app reads is another request: Save-Data gets its own copy.
  const light = await request.get('/site-map', { headers: { 'save-data': 'on' } });
  expect(light.headers()['etag']).not.toBe(front.headers()['etag']);
});

test('Save-Data gets its own copy without the payment image', async ({ request }) => {
  const normal = await request.get('/site-map');
  const light = await request.get('/site-map', { headers: { 'save-data': 'on' } });
  expect(light.headers()['etag']).not.toBe(normal.headers()['etag']);
  expect(await normal.text()).toContain('class="payment-image"');
  const body = await light.text();
  expect(body).not.toContain('class="payment-image"');
  expect(body).toContain('progress-still');
});

test('a page without a cache policy keeps the default headers', async ({ request }) => {
  const res = await request.get('/no-such-page-here');
  expect(res.status()).toBe(404);
  expect(res.headers()['etag']).toBeUndefined();
  expect(res.headers()['cache-control'] ?? '').not.toMatch(/public/);
});

test('the browser revalidates the page with its ETag', async ({ page }) => {
  const first = await page.goto('/site-map');
  const etag = first!.headers()['etag'];
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/site-map');
  await page.reload();
  expect((await (await sent).allHeaders())['if-none-match']).toBe(etag);
});
