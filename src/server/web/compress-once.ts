import type { APIContext } from 'astro';
import { encode, encodedHeaders, pickEncoding } from '@/server/web/encoding';

/**
 * A page rendered for one visitor on every request that asked for it (`locals.compressOnce`: the cart
 * page) is read into one string and compressed once beside the main thread (decision 0024, "The cart
 * page"), instead of going out as many small streamed writes each compressed on its own. A page of
 * this kind is small and its data is read before any of it is drawn, so streaming it gains nothing.
 * Anything else — another status, not HTML, already encoded, no body — goes out as it came.
 */
export async function compressedOnce(ctx: APIContext, response: Response): Promise<Response> {
  if (!ctx.locals.compressOnce || response.status !== 200 || !response.body) return response;
  if (response.headers.has('content-encoding') || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const body = await response.text();
  const encoding = pickEncoding(ctx.request.headers.get('accept-encoding'));
  const bytes = await encode(body, encoding, 'once');
  const headers = new Headers(response.headers);
  encodedHeaders(headers, encoding, bytes.length);
  // The compression layer (scripts/serve.mjs) leaves an encoded answer alone, so it says Vary itself.
  if (!/accept-encoding/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Accept-Encoding');
  return new Response(ctx.request.method === 'HEAD' ? null : (bytes as unknown as BodyInit), { status: response.status, headers });
}
