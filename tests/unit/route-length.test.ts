import { describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';

/**
 * An action's JSON answer carries its Content-Length (issue 39): without it the server's compression layer
 * started a brotli stream for every small answer (a guest's first add to the cart). GET answers, which a
 * cache may keep and rewrite (hearts), are left as they were.
 */
const call = (method: string, answer: () => Response) =>
  route({ GET: async () => answer(), POST: async () => answer() })({
    request: new Request('http://shop.test/api/v1/cart/action', { method }),
    locals: {},
  } as unknown as APIContext) as Promise<Response>;

describe('an action answer’s length', () => {
  it('is set on a JSON answer to a write, in bytes, with the body, status and cookies unchanged', async () => {
    const res = await call('POST', () => {
      const r = ok({ cart_count: 1, title: 'Câble — 1 m' }, { status: 201 });
      r.headers.append('set-cookie', 'a=1');
      r.headers.append('set-cookie', 'b=2');
      return r;
    });
    const text = await res.clone().text();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text).data).toEqual({ cart_count: 1, title: 'Câble — 1 m' });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('is left alone on GET answers and on answers without a JSON body', async () => {
    expect((await call('GET', () => ok({ n: 1 }))).headers.get('content-length')).toBeNull();
    const redirect = await call('POST', () => new Response(null, { status: 303, headers: { location: '/cart' } }));
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('content-length')).toBeNull();
  });
});
