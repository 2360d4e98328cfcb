import { cacheHeader } from '@/server/web/cache';
import type { APIRoute } from 'astro';
import { readUpload } from '@/server/uploads/storage';

/**
 * Serves uploaded files (avatars) from DATA_DIR/uploads. Names are random and never reused, so
 * they may be cached for long; the type comes from our own extension list, never from the request.
 */
export const GET: APIRoute = async ({ params }) => {
  const file = await readUpload(params.path ?? '');
  if (!file)
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...cacheHeader('none') },
    });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.bytes.length),
      ...cacheHeader('immutable'),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
};
