import { test, expect } from '../fixtures';
import { productUrl } from '@/lib/urls';

/**
 * Every form a guest can send goes somewhere that answers: each one on the main pages is followed (GET as a
 * browser would, POST with an empty body from our own origin) and must not answer 404/405 or a server error.
 * A form pointing at a route that does not exist is a broken page even when its markup looks right.
 */
test('every form a guest can send on the main pages is answered', async ({ page, request, known }) => {
  test.slow(); // several pages, each form followed
  const seen = new Map<string, number>();
  for (const path of ['/', '/all/cables', productUrl(known.withVariants), '/login', '/register', '/forgot-password', '/site-map']) {
    await page.goto(path);
    const forms = await page
      .locator('form')
      .evaluateAll((all) =>
        (all as HTMLFormElement[])
          .filter((f) =>
            [...f.querySelectorAll('button[type="submit"], button:not([type]), input[type="submit"]')].some(
              (b) => !(b as HTMLButtonElement).disabled,
            ),
          )
          .map((f) => ({ action: f.action, method: f.method.toUpperCase() })),
      );
    for (const { action, method } of forms) {
      const url = new URL(action);
      const key = `${method} ${url.pathname}`;
      if (seen.has(key)) continue;
      const res = method === 'GET' ? await request.get(action) : await request.post(action, { headers: { origin: url.origin }, form: {} });
      seen.set(key, res.status());
    }
  }
  console.log([...seen].map(([f, s]) => `${f} → ${s}`).join('\n'));
  expect(seen.size).toBeGreaterThan(3);
  expect(seen.has('GET /search'), 'the header search form').toBe(true);
  for (const [form, status] of seen) {
    expect([404, 405], `${form} answered ${status}`).not.toContain(status);
    expect(status, form).toBeLessThan(500);
  }
});
