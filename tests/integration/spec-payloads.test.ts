import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { listApiRoutes, request } from './http';

// Issue 31: fields the spec's client reads that were missing.
useTestDatabase({ demo: true });
const routes = listApiRoutes();
const get = async (path: string) => (await (await request(routes, path, { method: 'GET' })).json()).data;

describe("the spec's payload fields", () => {
  it('common: every language carries its key', async () => {
    const { languages } = await get('/api/v1/common');
    expect(languages.length).toBeGreaterThanOrEqual(3);
    for (const l of languages) expect(l.key, l.code).toBe(l.code);
  });

  it("categories: every sub-category carries its category", async () => {
    const { data } = await get('/api/v1/categories');
    const subs = (data as { id: number; slug: string; title: string; child: { category: unknown; category_id: number }[] }[]).flatMap((c) =>
      c.child.map((s) => [s, c] as const),
    );
    expect(subs.length).toBeGreaterThan(0);
    for (const [s, c] of subs) {
      expect(s.category).toEqual({ id: c.id, slug: c.slug, title: c.title });
      expect(s.category_id).toBe(c.id);
    }
  });
});
