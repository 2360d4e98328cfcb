// The mail outbox as the back office shows it (mail/manage.ts, issue 38's mutation run), driven directly:
// which mails each status shows, in which order, found by recipient or subject (a typed % or _ is a
// character, not a wildcard), page by page in both directions; and sending one again, refused in words.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { getDb, type Tx } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema';
import { MailQuerySchema } from '@/lib/schemas/backoffice';
import { listMail, resendQueuedMail } from '@/server/mail/manage';
import { getT } from '@/i18n';

useTestDatabase();

const en = await getT('en');
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const query = (q: Record<string, unknown> = {}) => MailQuerySchema.parse(q);

type Row = typeof mailOutbox.$inferInsert;
const mail = async (row: Partial<Row>) => {
  const [made] = await getDb()
    .insert(mailOutbox)
    .values({ to: 'x@example.com', subject: 'Hello', text: 'body', giveUpAt: new Date(Date.now() + DAY), ...row })
    .returning({ id: mailOutbox.id });
  return made!.id;
};

let ids: Record<'waiting' | 'sending' | 'goneFailed' | 'sent' | 'failed' | 'expired', number>;
beforeAll(async () => {
  ids = {
    waiting: await mail({
      to: 'ada@example.com',
      subject: 'Your order VM-1',
      status: 'waiting',
      attempts: 2,
      lastError: 'connection refused',
      nextAttemptAt: at('2026-11-27T10:00:00.000Z'),
      createdAt: at('2026-11-27T09:00:00.000Z'),
    }),
    sending: await mail({ to: 'bob@example.com', subject: 'Welcome 100% off', status: 'sending', attempts: 1 }),
    goneFailed: await mail({ to: 'cy@example.com', subject: 'Reset your password', status: 'failed', text: null, attempts: 5 }),
    sent: await mail({ to: 'ada@example.com', subject: 'Receipt', status: 'sent', sentAt: at('2026-11-26T08:30:00.000Z') }),
    failed: await mail({ to: 'dee_x@example.com', subject: 'Shipped', status: 'failed', attempts: 5, lastError: '550 no such user' }),
    expired: await mail({ to: 'eve@example.com', subject: 'Your code', status: 'failed', expiresAt: new Date(Date.now() - DAY) }),
  };
});

const idsOf = (page: { items: { id: number }[] }) => page.items.map((m) => m.id);

describe('the outbox list', () => {
  it('shows waiting, being sent and failed mails, newest first, by default', async () => {
    expect(idsOf(await listMail(query()))).toEqual([ids.expired, ids.failed, ids.goneFailed, ids.sending, ids.waiting]);
  });

  it('shows one kind when asked', async () => {
    expect(idsOf(await listMail(query({ status: 'sent' })))).toEqual([ids.sent]);
    expect(idsOf(await listMail(query({ status: 'failed' })))).toEqual([ids.expired, ids.failed, ids.goneFailed]);
    expect(idsOf(await listMail(query({ status: 'waiting' })))).toEqual([ids.waiting]);
  });

  it('shows each mail as the operator reads it, never its body', async () => {
    const { items } = await listMail(query({ q: 'VM-1' }));
    expect(items).toEqual([
      {
        id: ids.waiting,
        to: 'ada@example.com',
        subject: 'Your order VM-1',
        status: 'waiting',
        attempts: 2,
        last_error: 'connection refused',
        next_attempt_at: '2026-11-27T10:00:00.000Z',
        created_at: '2026-11-27T09:00:00.000Z',
        sent_at: null,
        resendable: true,
      },
    ]);
    const [sent] = (await listMail(query({ status: 'sent' }))).items;
    expect(sent).toMatchObject({
      status: 'sent',
      sent_at: '2026-11-26T08:30:00.000Z',
      next_attempt_at: null,
      last_error: null,
      resendable: false,
    });
  });

  it('offers to send again only a failed or waiting mail whose body is kept', async () => {
    const resendable = Object.fromEntries((await listMail(query())).items.map((m) => [m.id, m.resendable]));
    expect(resendable).toEqual({
      [ids.waiting]: true,
      [ids.sending]: false,
      [ids.goneFailed]: false,
      [ids.failed]: true,
      [ids.expired]: true,
    });
    // A mail being sent shows no next attempt: it is under way.
    expect((await listMail(query({ q: 'bob@' }))).items[0]!.next_attempt_at).toBeNull();
  });

  it('finds mails by recipient or subject, whatever the case, taking % and _ as typed', async () => {
    expect(idsOf(await listMail(query({ q: 'ADA@' })))).toEqual([ids.waiting]);
    expect(idsOf(await listMail(query({ q: 'ada@', status: 'sent' })))).toEqual([ids.sent]);
    expect(idsOf(await listMail(query({ q: 'password' })))).toEqual([ids.goneFailed]);
    expect(idsOf(await listMail(query({ q: '100%' })))).toEqual([ids.sending]);
    expect(idsOf(await listMail(query({ q: '%' })))).toEqual([ids.sending]);
    expect(idsOf(await listMail(query({ q: 'dee_' })))).toEqual([ids.failed]);
    expect(idsOf(await listMail(query({ q: '_' })))).toEqual([ids.failed]);
    expect(idsOf(await listMail(query({ q: '\\' })))).toEqual([]);
  });

  it('takes a typed backslash as a character in the recipient and the subject', async () => {
    // In a transaction rolled back, so the other tests' lists stay as they are.
    let found: number[] = [];
    let expected: number[] = [-1];
    await getDb()
      .transaction(async (tx) => {
        const mailOf = (to: string, subject: string) => ({
          to,
          subject,
          status: 'failed' as const,
          text: 'body',
          giveUpAt: new Date(Date.now() + DAY),
        });
        const [inTo, inSubject] = await tx
          .insert(mailOutbox)
          .values([mailOf('back\\slash@example.com', 'Plain'), mailOf('plain@example.com', 'C:\\orders')])
          .returning({ id: mailOutbox.id });
        expected = [inSubject!.id, inTo!.id];
        found = idsOf(await listMail(query({ q: '\\' }), tx));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(found).toEqual(expected);
    expect(idsOf(await listMail(query({ q: '\\' })))).toEqual([]);
  });

  it("reads a driver that answers booleans as text: 't' can be sent again, 'f' cannot", async () => {
    const row = { to: 'gus@example.com', subject: 'Text booleans', status: 'failed', attempts: '3', last_error: null };
    const driver = {
      execute: () =>
        Promise.resolve({
          rows: [
            { ...row, id: '12', resendable: 't', created_at: '2026-11-27 09:00:00+00', sent_at: null },
            { ...row, id: '11', resendable: 'f', created_at: '2026-11-27 08:00:00+00', sent_at: null },
          ],
        }),
    } as unknown as Tx;
    const { items } = await listMail(query(), driver);
    expect(items.map((m) => [m.id, m.attempts, m.resendable, m.created_at])).toEqual([
      [12, 3, true, '2026-11-27T09:00:00.000Z'],
      [11, 3, false, '2026-11-27T08:00:00.000Z'],
    ]);
  });

  it('pages newest first and oldest first, each page once', async () => {
    const first = await listMail(query({ per_page: 2 }));
    expect(idsOf(first)).toEqual([ids.expired, ids.failed]);
    const second = await listMail(query({ per_page: 2, cursor: first.next_cursor ?? '' }));
    expect(idsOf(second)).toEqual([ids.goneFailed, ids.sending]);
    const third = await listMail(query({ per_page: 2, cursor: second.next_cursor ?? '' }));
    expect(idsOf(third)).toEqual([ids.waiting]);
    expect(third.next_cursor).toBeNull();

    const up = await listMail(query({ per_page: 3, dir: 'asc' }));
    expect(idsOf(up)).toEqual([ids.waiting, ids.sending, ids.goneFailed]);
    expect(idsOf(await listMail(query({ per_page: 3, dir: 'asc', cursor: up.next_cursor ?? '' })))).toEqual([ids.failed, ids.expired]);
  });
});

async function refusal(id: number) {
  const err = await getDb()
    .transaction((tx) => resendQueuedMail(tx, id))
    .then(
      () => null,
      (e: { code: string; httpStatus: number; message: string }) => e,
    );
  expect(err).not.toBeNull();
  return { code: err!.code, status: err!.httpStatus, says: en(err!.message) };
}

describe('sending a mail again', () => {
  it('puts a failed mail back in the queue, saying what it was', async () => {
    const id = await mail({ to: 'fay@example.com', subject: 'Again', status: 'failed', attempts: 5 });
    expect(await getDb().transaction((tx) => resendQueuedMail(tx, id))).toEqual({ before: 'failed', after: 'waiting' });
  });

  it('refuses a mail not in the outbox', async () => {
    expect(await refusal(987654)).toEqual({ code: 'NOT_FOUND', status: 404, says: 'This mail is not in the outbox.' });
  });

  it('refuses a mail sent already, one whose body is gone, or whose code expired', async () => {
    const says = 'This mail can no longer be sent: it was sent already, or its code or link expired.';
    for (const id of [ids.sent, ids.goneFailed, ids.expired]) expect(await refusal(id)).toEqual({ code: 'CONFLICT', status: 409, says });
  });
});
