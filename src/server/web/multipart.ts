import { AppError } from '@/server/core/errors';
import { CLOSE_CONNECTION, readBody, readMultipart } from '@/server/web/body';
import { IMAGE_MESSAGE } from '@/lib/schemas/account';

/** Room for a 1000 KB image plus the other fields and multipart framing. */
export const UPLOAD_BODY_LIMIT = 1_200_000;

/**
 * Reads a body that may carry files: multipart up to `limit` (UPLOAD_BODY_LIMIT for one image; streamed, so a missing or
 * false Content-Length cannot get more through), otherwise like any JSON/url-encoded body.
 */
export async function readUploadBody(request: Request, limit = UPLOAD_BODY_LIMIT): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') return (await readBody(request)) as Record<string, unknown>;
  const tooLarge = () => new AppError({ code: 'TOO_LARGE', message: IMAGE_MESSAGE, form: [IMAGE_MESSAGE], headers: CLOSE_CONNECTION });
  return readMultipart(request, limit, tooLarge);
}
