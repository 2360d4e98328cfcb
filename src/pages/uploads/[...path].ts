import { cacheHeader } from '@/server/web/cache';
import type { APIRoute } from 'astro';
import { publicUploadUrl, readUpload } from '@/server/uploads/storage';

/**
 * Serves uploaded files from the upload store (DATA_DIR/uploads, or the S3 bucket). Names carry their content's
 * hash and are never reused, so they are cached as immutable; the type comes from our own extension list, never
 * from the request. With S3_PUBLIC_URL (a CDN or the bucket's public address) the browser is sent there instead.
 */
export const GET: APIRoute = async ({ params }) => {
  const direct = await publicUploadUrl(params.path ?? '');
  if (direct) return new Response(null, { status: 301, headers: { location: direct, ...cacheHeader('immutable') } });
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
