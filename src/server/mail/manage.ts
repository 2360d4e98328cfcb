import { sql } from 'drizzle-orm';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { AppError } from '@/server/core/errors';
import { resendMail } from '@/server/mail/sender';
import type { MailQuery } from '@/lib/schemas/backoffice';

/** One mail of the outbox as the back office, its API and `shop mail:queue` show it (never its body). */
export interface QueuedMail {
  id: number;
  to: string;
  subject: string;
  status: 'waiting' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
  /** A failed (or waiting) mail whose body is still kept: it can be sent again. */
  resendable: boolean;
}

const at = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The outbox, newest first: waiting (and being sent) and failed mails unless `status` asks for one kind; keyset pages on the id. */
export async function listMail(query: MailQuery, db: Tx = getDb()): Promise<{ items: QueuedMail[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const status = query.status === '' ? sql`status in ('waiting', 'sending', 'failed')` : sql`status = ${query.status}`;
  const q = query.q
    ? sql`and ("to" ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or subject ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
    : sql``;
  const asc = query.dir === 'asc';
  const cursor = after ? (asc ? sql`and id > ${after[0]}` : sql`and id < ${after[0]}`) : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, "to", subject, status, attempts, last_error, next_attempt_at, created_at, sent_at,
          (text is not null and status in ('waiting', 'failed')) as resendable
        from mail_outbox where ${status} ${q} ${cursor}
        order by id ${asc ? sql`asc` : sql`desc`} limit ${query.per_page + 1}`,
  );
  const items = rows.map((r): QueuedMail => ({
    id: Number(r.id),
    to: String(r.to),
    subject: String(r.subject),
    status: r.status as QueuedMail['status'],
    attempts: Number(r.attempts),
    last_error: (r.last_error as string | null) ?? null,
    next_attempt_at: r.status === 'waiting' ? at(r.next_attempt_at) : null,
    created_at: at(r.created_at)!,
    sent_at: at(r.sent_at),
    resendable: r.resendable === true || r.resendable === 't',
  }));
  return pageOf(items, query.per_page, (m) => [m.id]);
}

/** Sends one mail again (now, then retried for another MAIL_RETRY_HOURS); 404 when unknown, 409 when sent or expired. */
export async function resendQueuedMail(tx: Tx, id: number): Promise<{ before: string; after: 'waiting' }> {
  const [row] = await queryRows<{ status: string }>(tx, sql`select status from mail_outbox where id = ${id} for update`);
  if (!row) throw new AppError({ code: 'NOT_FOUND', message: 'backoffice.mail.notFound' });
  if (!(await resendMail(tx, id))) throw new AppError({ code: 'CONFLICT', message: 'backoffice.mail.notResendable' });
  return { before: row.status, after: 'waiting' };
}
