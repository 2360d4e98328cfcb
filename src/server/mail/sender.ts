import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Db, type Tx } from '@/server/db/client';
import { getEnv } from '@/server/core/env';
import { log } from '@/server/core/logger.mjs';
import { insideRequest, onSettle, runAfterAnswer } from '@/server/core/background';
import { transmit, type Mail } from '@/server/mail/transport';

/**
 * The transactional outbox (docs/decisions/0029-mail-outbox-and-storage.md). A mail is a `mail_outbox` row
 * written in the transaction of the change that causes it (queueMail), so a change that rolls back mails
 * nothing and a change that commits is mailed even when the process dies right after. Every server process
 * runs a sender (startMailSender): it claims due rows (`FOR UPDATE SKIP LOCKED`, so two processes never take
 * one row), hands each over (transport.ts), and records sent, a retry with backoff, or failed for good.
 */

/** How long a claimed mail is another process's: a sender that died with it is replaced after this. */
const CLAIM_MS = 2 * 60_000;
/** Sent and failed mails are deleted after this many days. */
export const KEEP_DAYS = 30;
/** The last error of a mail whose code or link stopped working before it went out. */
export const MAIL_EXPIRED = 'The mail carried a code or a link that stopped working before it could be sent.';
export const MAIL_NOT_RESENDABLE = 'This mail can no longer be sent: it was sent already, or its code or link expired.';

/** The wait before the next attempt after `attempts` failed ones: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const iso = (d: Date) => d.toISOString();

/**
 * Writes a mail into the outbox inside `tx` (the transaction of the change that causes it); it goes out once
 * that commits — at once in this process (after the answer), or by any process's sender. Returns the row id.
 */
export async function queueMail(tx: Tx, mail: Mail, now = new Date()): Promise<number> {
  const id = await insertMail(tx, mail, now);
  // After the answer the transaction has committed: send now rather than at the next poll.
  runAfterAnswer('mail', deliverSoon);
  // Outside a request (a command, a test) that round may run before the commit: one more when the caller settles.
  if (!insideRequest()) queuedOutsideRequest = true;
  return id;
}

let queuedOutsideRequest = false;
onSettle(async () => {
  if (!queuedOutsideRequest) return;
  queuedOutsideRequest = false;
  await deliverSoon().catch((err: unknown) => log.error({ err }, 'mail: the sender failed'));
});

/** The delivery round under way in this process, and whether a mail committed since asks for one more. */
let round: Promise<void> | null = null;
let again = false;

/**
 * Sends what is due, one round at a time per process. Every queued mail used to start its own round (an order
 * queues two or three: buyer, seller, their owners), so twenty buyers at once ran dozens of rounds claiming one
 * another's rows. Now a mail committed while a round runs asks for one more round after it, which sees it (its
 * transaction committed before its answer, and this runs after the answer). The caller waits for that round, so
 * "after the answer" still ends when its mail is sent (settleAfterAnswer, the CLI's count).
 */
function deliverSoon(): Promise<void> {
  if (round) {
    again = true;
    return round;
  }
  round = (async () => {
    try {
      do {
        again = false;
        await deliverDue();
      } while (again);
    } finally {
      round = null;
    }
  })();
  return round;
}

async function insertMail(tx: Tx, mail: Mail, now: Date): Promise<number> {
  const giveUp = new Date(now.getTime() + getEnv().MAIL_RETRY_HOURS * 3_600_000);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into mail_outbox ("to", subject, text, html, next_attempt_at, give_up_at, expires_at, created_at)
        values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${iso(now)}::timestamptz, ${iso(giveUp)}::timestamptz,
                ${mail.expiresAt ? iso(mail.expiresAt) : null}::timestamptz, ${iso(now)}::timestamptz)
        returning id`,
  );
  return row!.id;
}

/**
 * Queues a mail in its own transaction (for a cause that has no transaction at hand) and tries to send it
 * now; a failure is retried by the sender. True once the mail is safely queued. Never throws: a mail that
 * cannot even be queued is logged and the caller's action stands.
 */
export async function sendMail(mail: Mail): Promise<boolean> {
  let id: number;
  try {
    id = await insertMail(getDb(), mail, new Date());
  } catch (err) {
    log.error({ err, to: mail.to, subject: mail.subject }, 'mail: could not queue');
    return false;
  }
  await sendQueuedNow([id]);
  return true;
}

/**
 * Tries now the mails a transaction queued (queueMail) once it has committed — what sendMail does for its own —
 * for a change whose answer should find its mail handed over already (a code the person types next). Never
 * throws: a failure is retried by the sender.
 */
export async function sendQueuedNow(ids: number[]): Promise<void> {
  for (const only of ids) await deliverDue({ only }).catch((err: unknown) => log.error({ err }, 'mail: the sender failed'));
  await whileAnotherSends(ids);
}

/** How long sendQueuedNow waits for a mail another sender claimed first. */
const HANDOVER_WAIT_MS = 10_000;

/**
 * Another sender may have claimed one of these mails first (queueMail's own send, which outside a request starts
 * on the next turn, or another process's): wait until it is handed over or let go — at most HANDOVER_WAIT_MS — so
 * that whoever asked finds it sent, as when this call sent it itself. A mail this call tried and could not send
 * (the SMTP server down) is not waited for: its retry is the sender's.
 */
async function whileAnotherSends(ids: number[]): Promise<void> {
  if (!ids.length) return;
  const until = Date.now() + HANDOVER_WAIT_MS;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  for (;;) {
    // 'waiting' with no attempt yet, after our own try: another sender's claim held the row locked (skipped) and has
    // not committed yet. After a failed try of ours, attempts is 1 or more: a retry for later, nothing to wait for.
    const sending = await queryRows<{ id: number }>(
      getDb(),
      sql`select id from mail_outbox where id in (${list}) and (status = 'sending' or (status = 'waiting' and attempts = 0)) limit 1`,
    );
    if (!sending.length || Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Claimed {
  id: number;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  attempts: number;
  give_up_at: string | Date;
  expires_at: string | Date | null;
}

export interface DeliverOptions {
  /** Another database handle (a second process in tests); the process's by default. */
  db?: Db;
  now?: Date;
  /** Only this mail (sendMail's own). */
  only?: number;
  limit?: number;
}

/** Claims the mails that are due (retries included, and mails a dead sender held), sends them, records how it went. */
export async function deliverDue(opts: DeliverOptions = {}): Promise<{ sent: number; retried: number; failed: number }> {
  const db = opts.db ?? getDb();
  const limit = opts.limit ?? 20;
  const out = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const now = opts.now ?? new Date();
    const rows = await claim(db, now, limit, opts.only);
    for (const row of rows) out[await deliverOne(db, row, now)]++;
    if (rows.length < limit || opts.only) return out;
  }
}

async function claim(db: Db, now: Date, limit: number, only?: number): Promise<Claimed[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: number }>(
      tx,
      sql`select id from mail_outbox
          where ${only ? sql`id = ${only} and ` : sql``}
            ((status = 'waiting' and next_attempt_at <= ${iso(now)}::timestamptz)
              or (status = 'sending' and locked_until <= ${iso(now)}::timestamptz))
          order by next_attempt_at, id limit ${limit}
          for update skip locked`,
    );
    if (!due.length) return [];
    return queryRows<Claimed>(
      tx,
      sql`update mail_outbox set status = 'sending', locked_until = ${iso(until)}::timestamptz, attempts = attempts + 1
          where id in (${sql.join(
            due.map((r) => sql`${r.id}`),
            sql`, `,
          )})
          returning id, "to", subject, text, html, attempts, give_up_at, expires_at`,
    );
  });
}

async function deliverOne(db: Db, row: Claimed, now: Date): Promise<'sent' | 'retried' | 'failed'> {
  const expired = row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime();
  if (expired || row.text === null) {
    await db.execute(
      sql`update mail_outbox set status = 'failed', text = null, html = null, locked_until = null, last_error = ${MAIL_EXPIRED} where id = ${row.id}`,
    );
    return 'failed';
  }
  try {
    await transmit({ to: row.to, subject: row.subject, text: row.text, html: row.html ?? '' });
  } catch (err) {
    const message = String((err as Error).message ?? err).slice(0, 500);
    const giveUp = new Date(row.give_up_at).getTime() <= now.getTime();
    const next = new Date(now.getTime() + backoffMs(row.attempts));
    log.warn({ err, mailId: row.id, to: row.to, attempts: row.attempts, giveUp }, 'mail: could not send');
    await db.execute(
      giveUp
        ? sql`update mail_outbox set status = 'failed', locked_until = null, last_error = ${message} where id = ${row.id}`
        : sql`update mail_outbox set status = 'waiting', locked_until = null, last_error = ${message}, next_attempt_at = ${iso(next)}::timestamptz where id = ${row.id}`,
    );
    return giveUp ? 'failed' : 'retried';
  }
  // Sent: the body (codes, links, addresses) is not kept; subject and recipient stay for the operator until the purge.
  await db.execute(
    sql`update mail_outbox set status = 'sent', sent_at = ${iso(new Date())}::timestamptz, text = null, html = null, locked_until = null, last_error = null
        where id = ${row.id}`,
  );
  return 'sent';
}

/** Blanks the bodies of mails whose code or link expired (failing those still waiting) and deletes mails older than KEEP_DAYS. */
export async function purgeMail(db: Db = getDb(), now = new Date()): Promise<void> {
  await db.execute(
    sql`update mail_outbox set text = null, html = null,
          last_error = case when status = 'waiting' then ${MAIL_EXPIRED} else last_error end,
          status = case when status = 'waiting' then 'failed' else status end
        where expires_at <= ${iso(now)}::timestamptz and text is not null and status <> 'sending'`,
  );
  const before = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
  await db.execute(sql`delete from mail_outbox where status in ('sent', 'failed') and created_at < ${iso(before)}::timestamptz`);
}

/** A failed mail goes out again: waiting now, retried for another MAIL_RETRY_HOURS. False when it cannot (sent, expired, unknown). */
export async function resendMail(tx: Tx, id: number, now = new Date()): Promise<boolean> {
  const giveUp = new Date(now.getTime() + getEnv().MAIL_RETRY_HOURS * 3_600_000);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update mail_outbox set status = 'waiting', next_attempt_at = ${iso(now)}::timestamptz, give_up_at = ${iso(giveUp)}::timestamptz,
          locked_until = null
        where id = ${id} and status in ('failed', 'waiting') and text is not null
          and (expires_at is null or expires_at > ${iso(now)}::timestamptz)
        returning id`,
  );
  if (rows.length)
    runAfterAnswer('mail', async () => {
      await deliverDue();
    });
  return rows.length > 0;
}

let timer: NodeJS.Timeout | undefined;

/** Every MAIL_POLL_MS: send what is due; once an hour: purge. Never keeps the process alive; stop() waits for a round in flight. */
export function startMailSender(everyMs = getEnv().MAIL_POLL_MS): () => Promise<void> {
  let running: Promise<void> | undefined;
  let purgedAt = 0;
  const tick = () => {
    if (running) return;
    running = (async () => {
      await deliverDue();
      if (Date.now() - purgedAt > 3_600_000) {
        purgedAt = Date.now();
        await purgeMail();
      }
    })()
      .catch((err: unknown) => log.error({ err }, 'mail: the sender failed'))
      .finally(() => (running = undefined));
  };
  clearInterval(timer);
  timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    timer = undefined;
    await running;
  };
}
