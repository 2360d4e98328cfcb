import { afterEach, describe, expect, it, vi } from 'vitest';
import { applySecurityHeaders, HSTS } from '@/server/web/security';
import { BODY_IDLE_MS, readBytes } from '@/server/web/body';
import { parseWith } from '@/server/core/validation';
import { fail } from '@/server/web/envelope';
import { AppError } from '@/server/core/errors';
import { AddressSchema } from '@/lib/schemas/account';
import { ContactSchema } from '@/lib/schemas/forms';
import { SignupSchema } from '@/lib/schemas/auth';
import { log } from '@/server/core/logger.mjs';

afterEach(() => vi.restoreAllMocks());

/** A POST whose body is this stream. */
const post = (body: ReadableStream<Uint8Array>) =>
  new Request('http://127.0.0.1:4321/x', { method: 'POST', body, duplex: 'half' } as RequestInit);

describe('slow and vanishing clients', () => {
  it('refuses a body that stops arriving with 408, within seconds', async () => {
    expect(BODY_IDLE_MS).toBeLessThanOrEqual(15_000);
    const stalled = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array(10)) }); // never closes
    const err = await readBytes(post(stalled), 1024, undefined, 50).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).httpStatus).toBe(408);
  });

  it('treats a reset connection as the client leaving, not as our error, and does not log it', async () => {
    const reset = new ReadableStream<Uint8Array>({ pull: (c) => c.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })) });
    const err = (await readBytes(post(reset), 1024).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('CLIENT_CLOSED');
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    expect(fail(err).status).toBe(400);
    expect(fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })).status).toBe(400);
    expect(logged).not.toHaveBeenCalled();
    expect(fail(new Error('a real bug')).status).toBe(500);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describe('HTTPS', () => {
  it('sends Strict-Transport-Security only when SECURE_COOKIES says the shop is on HTTPS', () => {
    const secure = new Headers();
    applySecurityHeaders(secure, true);
    expect(secure.get('strict-transport-security')).toBe(HSTS);
    const plain = new Headers();
    applySecurityHeaders(plain, false);
    expect(plain.get('strict-transport-security')).toBeNull();
  });
});

describe('messages a person reads', () => {
  const messages = (schema: Parameters<typeof parseWith>[0], input: unknown) => {
    try {
      parseWith(schema, input);
      return [];
    } catch (err) {
      return (err as AppError).form;
    }
  };
  const RAW = /Invalid input|expected \w+, received|Too (big|small)|Invalid option/;

  it("never passes on zod's own texts", () => {
    for (const input of [null, [], 'x', 42, { name: ['a'], email: {}, phone: 5 }, { kind: 'moon' }]) {
      for (const m of messages(AddressSchema, input)) expect(m).not.toMatch(RAW);
    }
    expect(messages(AddressSchema, null)).toEqual([
      'Send the fields as a JSON object (or a form), for example {"email": "you@example.com"}.',
    ]);
    expect(messages(ContactSchema, { name: ['a'], email: 'a@b.co', subject: 's', message: 'm' })[0]).toBe('Name is required');
  });

  it('refuses control characters in any stored text with a message, keeps line breaks in a message', () => {
    const nul = 'Ada\u0000Lovelace';
    expect(messages(ContactSchema, { name: nul, email: 'a@b.co', subject: 's', message: 'm' })[0]).toMatch(
      /^Name contains characters that cannot be saved/,
    );
    expect(messages(ContactSchema, { name: 'Ada', email: 'a\u0000@b.co', subject: 's', message: 'm' })[0]).toMatch(
      /^Email contains characters/,
    );
    expect(messages(ContactSchema, { name: 'Ada', email: 'a@b.co', subject: 's', message: 'line one\nline two' })).toEqual([]);
    expect(messages(SignupSchema, { name: nul, email: 'a@b.co', password: '123456', password_confirmation: '123456' })[0]).toMatch(
      /^Name contains characters/,
    );
    expect(
      messages(AddressSchema, {
        name: 'A',
        email: 'a@b.co',
        phone: '555-123-4567',
        country: 'US',
        city: 'X',
        zip: '1',
        address_1: 'x',
        address_2: 'b\u0000',
      })[0],
    ).toMatch(/^Address line 2 contains/);
    expect(messages(ContactSchema, { name: 'Ada \ud800', email: 'a@b.co', subject: 's', message: 'm' })[0]).toMatch(/^Name contains/);
  });
});
