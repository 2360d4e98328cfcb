import { describe, expect, it } from 'vitest';
import { readBody, readMultipart } from '@/server/web/body';

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
