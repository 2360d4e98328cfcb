import { AppError } from '../http/errors';
import { readBody } from '../http/body';
import { IMAGE_MESSAGE } from '../../lib/schemas/account';

/** Room for a 1000 KB image plus the other fields and multipart framing. */
export const UPLOAD_BODY_LIMIT = 1_200_000;

/**
 * Reads a body that may carry a file: multipart up to UPLOAD_BODY_LIMIT (streamed, so a missing or
 * false Content-Length cannot get more through), otherwise like any JSON/url-encoded body.
 */
export async function readUploadBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') return (await readBody(request)) as Record<string, unknown>;
  const tooLarge = () => new AppError({ code: 'TOO_LARGE', message: IMAGE_MESSAGE, form: [IMAGE_MESSAGE] });
  if (Number(request.headers.get('content-length') ?? 0) > UPLOAD_BODY_LIMIT) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > UPLOAD_BODY_LIMIT) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const copy = new Request(request.url, { method: 'POST', headers: { 'content-type': request.headers.get('content-type')! }, body: Buffer.concat(chunks) });
  const form = await copy.formData().catch(() => {
    throw new AppError({ code: 'BAD_REQUEST', message: 'The form could not be read. Please send it again.' });
  });
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) out[key] = value;
  return out;
}
