import { describe, expect, it } from 'vitest';
import { readBody, readMultipart } from '@/server/web/body';
import { readUploadBody, UPLOAD_BODY_LIMIT } from '@/server/web/multipart';
import { LARGEST_BODY } from '@/server/web/path-guard';
import { REVIEW_BODY_LIMIT } from '@/server/reviews/actions';

/** A multipart request streamed in chunks with no Content-Length, as a chunked upload arrives. */
function chunkedMultipart(fileBytes: number): Request {
  const boundary = 'XyZ';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const parts = [Buffer.from(head), Buffer.alloc(fileBytes, 1), Buffer.from(tail)];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return new Request('http://shop.test/api/v1/user/update-profile', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
}

describe('request body limits', () => {
  it('reads a multipart form within the limit', async () => {
    const form = await readMultipart(chunkedMultipart(1000), 10_000);
    expect(form.name).toBe('Ada');
    expect((form.avatar as File).size).toBe(1000);
  });

  it('refuses a chunked multipart body over the limit although it declares no length', async () => {
    await expect(readMultipart(chunkedMultipart(20_000), 10_000)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    // readBody applies BODY_LIMIT (1 MiB by default) to multipart bodies the same way.
    await expect(readBody(chunkedMultipart(1_200_000))).rejects.toMatchObject({ code: 'TOO_LARGE' });
  });
});

/** A body that never ends: reading it would hang the test, so a 413 proves it was not read. */
function endless(contentLength?: number) {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
      // Nothing is pulled before someone reads.
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://shop.test/api/v1/contact', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'content-type': 'application/json', ...(contentLength ? { 'content-length': String(contentLength) } : {}) },
  } as RequestInit);
  return { request, pulls: () => pulls };
}

describe('issue 30: a 50 MB body', () => {
  it('declared in Content-Length is refused before a byte is read, and the answer closes the connection', async () => {
    const { request, pulls } = endless(50 * 1024 * 1024);
    const err = await readBody(request).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'TOO_LARGE', headers: { connection: 'close' } });
    expect(pulls()).toBe(0);
  });

  it('sent chunked is dropped at the limit, not read to its end', async () => {
    const { request, pulls } = endless();
    const err = await readBody(request).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'TOO_LARGE', headers: { connection: 'close' } });
    // 1 MiB (BODY_LIMIT) is 16 chunks of 64 KiB: the 17th goes over, and reading stops there.
    expect(pulls()).toBe(17);
  });

  it('multipart uploads close the connection on 413 too', async () => {
    const err = await readUploadBody(chunkedMultipart(20_000), 10_000).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'TOO_LARGE', headers: { connection: 'close' } });
  });

  it('no route takes more than the entry limit (review photos are the largest)', () => {
    expect(REVIEW_BODY_LIMIT).toBeLessThanOrEqual(LARGEST_BODY);
    expect(UPLOAD_BODY_LIMIT).toBeLessThanOrEqual(LARGEST_BODY);
  });
});
