import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { useTestDatabase, TEST_DB } from '../setup/db';
import { useScratchOutbox } from './auth-helpers';
import { getDb, openDatabase, queryRows, type Database } from '@/server/db/client';
import { resetEnv } from '@/server/core/env';
import { settleAfterAnswer } from '@/server/core/background';
import { deliverDue, purgeMail, queueMail, resendMail, sendMail } from '@/server/mail';
import { MAIL_EXPIRED } from '@/server/mail/sender';
import { placeOrder } from '@/server/orders/place';
import { makeProduct, shopBasics } from './cart-fixtures';
import { orderBody, putInCart, shopper } from './checkout-fixtures';
import { account, api, auditSince, lastAuditId } from './backoffice-fixtures';
import { describeMailQueue } from '@/server/ops/mail-queue';

const db = useTestDatabase({ demo: true });
useScratchOutbox();
afterEach(settleAfterAnswer);

/** A port where nothing listens (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server (smtp-server) on `port`, plain and without authentication, recording what it receives. */
async function startSmtp(port: number): Promise<{ received: Received[]; stop: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const rowsTo = (to: string) =>
  queryRows<{ status: string; attempts: number; last_error: string | null; text: string | null }>(
    getDb(),
    sql`select status, attempts, last_error, text from mail_outbox where "to" = ${to} order by id`,
  );

const later = (ms: number) => new Date(Date.now() + ms);
const mail = (to: string, text = 'Hello') => ({ to, subject: `Test for ${to}`, text, html: `<p>${text}</p>` });

let port: number;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
beforeAll(async () => {
  port = await freePort();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetEnv();
});
afterAll(async () => {
  await settleAfterAnswer();
  await smtp?.stop();
});

describe('the mail outbox', () => {
  it('a checkout succeeds while SMTP is down; the confirmation goes out exactly once when the server is back', async () => {
    const basics = await shopBasics();
    const u = await shopper();
    const p = await makeProduct({ storeId: basics.storeA.id, categoryId: basics.categoryId, selling: 1500, stock: 5 });
    await putInCart(u.id, p.id, 1);
    const placed = await placeOrder(u, orderBody({ address_id: u.addressId }), new Date(), {
      lang: 'en',
      origin: 'http://shop.test',
      siteName: 'Voltmart',
    });
    expect(placed.order_no).toBeTruthy();
    await settleAfterAnswer();
    await deliverDue();
    const [waiting] = await rowsTo(u.email);
    expect(waiting).toMatchObject({ status: 'waiting' });
    expect(waiting!.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting!.last_error).toBeTruthy();
    // A minute later the SMTP server is up; the retry (due after the backoff) delivers it once.
    smtp = await startSmtp(port);
    await deliverDue({ now: later(60 * 60_000) });
    await deliverDue({ now: later(2 * 60 * 60_000) });
    const got = smtp.received.filter((m) => m.to.includes(u.email));
    expect(got).toHaveLength(1);
    expect(got[0]!.raw).toContain(placed.order_no);
    const [sent] = await rowsTo(u.email);
    // Sent: the body is no longer kept.
    expect(sent).toMatchObject({ status: 'sent', text: null, last_error: null });
  });

  it('a mail of a transaction that rolled back is never sent', async () => {
    const to = 'rolled.back@example.com';
    await expect(
      getDb().transaction(async (tx) => {
        await queueMail(tx, mail(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settleAfterAnswer();
    await deliverDue({ now: later(60_000) });
    expect(await rowsTo(to)).toEqual([]);
    expect(smtp!.received.filter((m) => m.to.includes(to))).toEqual([]);
  });

  it('two senders (two database connections) send each mail once', async () => {
    const other: Database = TEST_DB === 'postgres' ? await openDatabase({ url: db.current().url!, pool: 4 }) : db.current().database;
    try {
      const due = later(10 * 60_000);
      const addresses = Array.from({ length: 12 }, (_, i) => `twice.${i}@example.com`);
      // Due only at `due`: the in-process kick after the commit finds nothing yet, the two senders below race for all.
      await getDb().transaction(async (tx) => {
        for (const to of addresses) await queueMail(tx, mail(to), due);
      });
      await settleAfterAnswer();
      await Promise.all([deliverDue({ now: due, limit: 3 }), deliverDue({ db: other.db, now: due, limit: 3 })]);
      for (const to of addresses) {
        expect(smtp!.received.filter((m) => m.to.includes(to))).toHaveLength(1);
        expect((await rowsTo(to))[0]!.status).toBe('sent');
      }
    } finally {
      if (other !== db.current().database) await other.close();
    }
  });

  it('retries for a day, then fails for good; the back office can resend; expired codes are neither sent nor kept', async () => {
    await smtp!.stop();
    const to = 'later@example.com';
    expect(await sendMail(mail(to))).toBe(true);
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'waiting', attempts: 1 });
    await deliverDue({ now: later(25 * 60 * 60_000) });
    const [failed] = await rowsTo(to);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    smtp = await startSmtp(port);
    const id = (await queryRows<{ id: number }>(getDb(), sql`select id from mail_outbox where "to" = ${to}`))[0]!.id;
    expect(await resendMail(getDb(), id)).toBe(true);
    await settleAfterAnswer();
    await deliverDue();
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(await resendMail(getDb(), id)).toBe(false);

    // A code valid for 10 minutes: waiting past that, it is failed and its body blanked.
    await smtp.stop();
    const coded = 'code@example.com';
    await sendMail({ ...mail(coded, 'Your code is 123456'), expiresAt: later(10 * 60_000) });
    await purgeMail(getDb(), later(11 * 60_000));
    expect((await rowsTo(coded))[0]).toMatchObject({ status: 'failed', text: null, last_error: MAIL_EXPIRED });
    // Sent and failed mails are purged after 30 days.
    await purgeMail(getDb(), later(31 * 24 * 60 * 60_000));
    expect(await rowsTo(coded)).toEqual([]);
    expect(await rowsTo(to)).toEqual([]);
    smtp = await startSmtp(port);
  });

  it('/admin/mail lists waiting and failed mails (read:mail), resends one (audited), and the command line shows the same', async () => {
    await smtp!.stop();
    const to = 'stuck@example.com';
    await sendMail(mail(to));
    await deliverDue({ now: later(25 * 60 * 60_000) });
    const owner = await account(['owner']);
    const clerk = await account(['staff'], ['read:order']);
    expect((await api('/api/v1/admin/mail', clerk)).status).toBe(403);
    expect((await api('/api/v1/admin/mail', null)).status).toBe(401);
    const list = await api('/api/v1/admin/mail?status=failed', owner);
    expect(list.status).toBe(200);
    const item = (await list.json()).data.items.find((m: { to: string }) => m.to === to);
    expect(item).toMatchObject({ status: 'failed', resendable: true, attempts: 2 });
    expect(item.text).toBeUndefined();
    expect(await describeMailQueue()).toContain(to);
    expect((await api('/api/v1/admin/mail/999999/resend', owner, { body: {} })).status).toBe(404);
    expect((await api(`/api/v1/admin/mail/${item.id}/resend`, clerk, { body: {} })).status).toBe(403);
    smtp = await startSmtp(port);
    const since = await lastAuditId();
    const res = await api(`/api/v1/admin/mail/${item.id}/resend`, owner, { body: {} });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('The mail will be sent again now.');
    await settleAfterAnswer();
    await deliverDue();
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ action: 'mail.resend', entity: 'mail', entityId: String(item.id) }),
    ]);
    // Sent: nothing left to resend.
    expect((await api(`/api/v1/admin/mail/${item.id}/resend`, owner, { body: {} })).status).toBe(409);
  });
});
