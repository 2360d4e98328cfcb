import { describe, expect, it } from 'vitest';
import { uniqueEmail, useScratchOutbox } from './auth-helpers';
import { useTestDatabase } from '../setup/db';
import { makeUser } from './account-fixtures';
import { lastMailTo, linkIn } from '@/server/mail/outbox';
import { settleAfterAnswer } from '@/server/core/background';
import { listApiRoutes, request } from './http';

/** Issue 9, items 1–2: nothing the shop writes comes from a request's Host; a foreign Host is a 400. */
const outbox = useScratchOutbox();
useTestDatabase();
const routes = listApiRoutes();

const forgot = (email: string, headers: Record<string, string>) =>
  request(routes, '/api/v1/user/forgot-password', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email }),
  });

describe('the Host header', () => {
  it('refuses a request for another host with a 400 envelope, before any work', async () => {
    const email = uniqueEmail('victim');
    await makeUser(email, 'correct horse');
    const res = await forgot(email, { host: 'evil.example' });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ status: 400, data: { code: 'BAD_REQUEST' } });
    await settleAfterAnswer();
    expect(await lastMailTo(outbox, email)).toBeFalsy();
  });

  it('refuses an invalid Host on any path, even health', async () => {
    for (const host of ['[bad', 'a b', '127.0.0.1:99999', 'evil.example']) {
      const res = await request(routes, '/api/v1/health', { headers: { host } });
      expect(res.status, host).toBe(400);
      expect((await res.json()).status, host).toBe(400);
    }
  });

  it('builds mail links from configuration, whatever name the shop was reached by', async () => {
    const email = uniqueEmail('owner');
    await makeUser(email, 'correct horse');
    const res = await forgot(email, { host: 'localhost:4321', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    await settleAfterAnswer();
    const link = linkIn((await lastMailTo(outbox, email))!.text, '/reset-password')!;
    expect(link.startsWith('http://127.0.0.1:4321/reset-password?token=')).toBe(true);
  });
});
