import { test, expect } from '../fixtures';

/** The API contract of DESIGN.md over real HTTP: envelope, statuses, limits, headers. */
test.describe('API envelope', () => {
  test('public platform endpoints answer 200 envelopes with data', async ({ request, counts }) => {
    const categories = await (await request.get('/api/v1/categories')).json();
    expect(categories.status).toBe(200);
    expect(categories.data.data).toHaveLength(counts.categories);
    expect(categories.data.data[0].child.length).toBeGreaterThan(0);
    const brands = await (await request.get('/api/v1/brands')).json();
    expect(brands.data.data).toHaveLength(counts.brands);
    const places = await (await request.get('/api/v1/countries-phones')).json();
    expect(places.data.countries).toHaveLength(counts.countries);
    expect(places.data.countries.find((c: { code: string }) => c.code === 'AF')).toBeTruthy();
    const gateways = await (await request.get('/api/v1/payment-gateway')).json();
    expect(gateways.data.gateways.map((g: { id: number }) => g.id)).toEqual(expect.arrayContaining([2, 7]));
  });

  test('validation errors are form errors with the spec messages', async ({ request }) => {
    const empty = await request.post('/api/v1/email-subscription', { data: {} });
    expect(empty.status()).toBe(422);
    expect(await empty.json()).toMatchObject({ status: 201, data: { form: ['Email is required'] } });
    const bad = await request.post('/api/v1/email-subscription', { data: { email: 'not-an-email' } });
    expect((await bad.json()).data.form[0]).toBe('Invalid email');
    const contact = await request.post('/api/v1/contact', { data: { name: 'Ada', email: 'ada@example.com' } });
    expect((await contact.json()).data.form).toEqual(['Subject is required', 'Message is required']);
  });

  test('unknown paths, wrong methods and oversized bodies get envelopes, not pages', async ({ request, baseURL }) => {
    const missing = await request.get('/api/v1/no-such-endpoint');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toContain('application/json');
    expect((await missing.json()).status).toBe(404);

    const wrongMethod = await request.delete('/api/v1/common', { headers: { origin: baseURL! } });
    expect(wrongMethod.status()).toBe(405);
    expect(wrongMethod.headers()['allow']).toContain('GET');

    const huge = await request.post('/api/v1/contact', {
      data: Buffer.from(JSON.stringify({ name: 'x', email: 'a@b.co', subject: 's', message: 'y'.repeat(2_000_000) })),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status()).toBe(413);
    expect((await huge.json()).status).toBe(413);
  });

  test('pages and JSON go out compressed with security headers', async ({ request }) => {
    for (const [encoding, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await request.get('/', { headers: { 'accept-encoding': encoding } });
      expect(res.headers()['content-encoding']).toBe(expected);
    }
    const page = await request.get('/');
    const headers = page.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const api = await request.get('/api/v1/common');
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
  });
});
