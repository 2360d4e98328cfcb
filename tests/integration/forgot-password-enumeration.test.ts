import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uniqueEmail, useScratchOutbox } from './auth-helpers';
import { useTestDatabase } from '../setup/db';
import { makeUser } from './account-fixtures';
import { getDb } from '@/server/db/client';
import { userTokens } from '@/server/db/schema';
import { lastMailTo, readOutbox } from '@/server/mail/outbox';
import { pendingAfterAnswer, settleAfterAnswer } from '@/server/core/background';
import { listApiRoutes, request } from './http';

/**
 * Forgot-password must not tell whether an account exists, by its words or by the work it does before
 * answering (issue 9: ~112 ms for an account vs ~35 ms for none on PostgreSQL). Wall-clock time is
 * too noisy to test; the work is not: before the answer, nothing depends on the account.
 */
const outbox = useScratchOutbox();
useTestDatabase();
afterAll(settleAfterAnswer);

const routes = listApiRoutes();
const ask = (email: string) =>
  request(routes, '/api/v1/user/forgot-password', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email }),
  });

/**
 * The answer with the echoed address taken out (it is the caller's own input), also from its length: a small answer
 * carries its Content-Length, which grows with the address typed.
 */
async function shape(res: Response, email: string) {
  const raw = await res.text();
  const text = raw.replaceAll(email, '<email>');
  const echoed = Buffer.byteLength(raw) - Buffer.byteLength(text.replaceAll('<email>', ''));
  const length = res.headers.has('content-length') ? Number(res.headers.get('content-length')) - echoed : null;
  const headers = [...res.headers].filter(([k]) => k !== 'date' && k !== 'content-length').sort();
  return { status: res.status, text, length, headers };
}

describe('forgot-password for an account and for nobody', () => {
  it('answers the same, having done the same work; the mail is sent after the answer', async () => {
    const known = uniqueEmail('known');
    const user = await makeUser(known, 'correct horse');
    const unknown = uniqueEmail('nobody');
    const mailsBefore = (await readOutbox(outbox)).length;
    // Files share a worker: work an earlier file queued after an answer nobody read waits up to 5 s for it. Let it
    // finish so the count below is this request's alone (a full run on PostgreSQL once counted 2).
    await settleAfterAnswer();

    const forKnown = await ask(known);
    // The answer is ready: the account has no token and no mail yet; one task waits for the answer to be
    // sent, as for nobody. It has not even started, so it cannot slow the answer down.
    expect(pendingAfterAnswer()).toBe(1);
    expect(await getDb().select().from(userTokens).where(eq(userTokens.userId, user.id))).toHaveLength(0);
    expect((await readOutbox(outbox)).length).toBe(mailsBefore);
    const knownAnswer = await shape(forKnown, known); // reading the answer out "sends" it
    await settleAfterAnswer();

    const forNobody = await ask(unknown);
    expect(pendingAfterAnswer()).toBe(1);
    const nobodyAnswer = await shape(forNobody, unknown);
    await settleAfterAnswer();

    expect(nobodyAnswer).toEqual(knownAnswer);
    expect(knownAnswer.status).toBe(200);
    // The work after the answer did differ: the account got its mail, nobody got none.
    expect(await lastMailTo(outbox, known)).toBeTruthy();
    expect(await lastMailTo(outbox, unknown)).toBeFalsy();
    expect((await readOutbox(outbox)).length).toBe(mailsBefore + 1);
  });
});
