import { sql, type SQL } from 'drizzle-orm';
import { getT } from '@/i18n';
import { getDb, queryRows, type Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { decodeCursor, pageOf } from '@/server/backoffice/keyset';
import { queueMail } from '@/server/mail/index';
import { plainMail } from '@/server/content/mails';
import { shopLanguage } from '@/server/orders/status-email';
import type { Actor } from '@/server/core/actor';
import type { MessagesQuery } from '@/lib/schemas/moderation';

/**
 * The contact form's messages in the back office (issue 34): the inbox list, one message, answering it by mail
 * from the screen, or marking it answered (answered another way). The form itself is content/contact.ts.
 */

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: 'open' | 'answered';
  answer: string | null;
  answered_at: string | null;
  created_at: string;
}

const COLUMNS = sql`select id, name, email, subject, message, answer, answered_at, created_at from contact_messages`;

const messageOf = (r: Record<string, unknown>): ContactMessage => ({
  id: Number(r.id),
  name: String(r.name),
  email: String(r.email),
  subject: String(r.subject),
  message: String(r.message),
  status: r.answered_at ? 'answered' : 'open',
  answer: (r.answer as string | null) ?? null,
  answered_at: r.answered_at ? new Date(r.answered_at as string).toISOString() : null,
  created_at: new Date(r.created_at as string).toISOString(),
});

/** The inbox, newest first: open or answered, searched by name, email, subject or text; keyset pages on the id. */
export async function listMessages(
  query: MessagesQuery,
  db: Tx = getDb(),
): Promise<{ items: ContactMessage[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor, 1);
  const where: SQL[] = [];
  if (query.status === 'open') where.push(sql`answered_at is null`);
  if (query.status === 'answered') where.push(sql`answered_at is not null`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(name ilike ${like} or email ilike ${like} or subject ilike ${like} or message ilike ${like})`);
  }
  if (after) where.push(sql`id < ${Number(after[0])}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${COLUMNS} where ${where.length ? sql.join(where, sql` and `) : sql`true`} order by id desc limit ${query.per_page + 1}`,
  );
  return pageOf(rows.map(messageOf), query.per_page, (m) => [m.id]);
}

/** One message, or 404. */
export async function getMessage(id: number, db: Tx = getDb()): Promise<ContactMessage> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${COLUMNS} where id = ${id}`);
  if (!row) throw new AppError({ code: 'NOT_FOUND', message: 'backoffice.inbox.notFound' });
  return messageOf(row);
}

/**
 * Marks a message answered, with the answer when it was written on the screen (null: answered another way).
 * A message answered already keeps its first answer: 409.
 */
export async function markAnswered(tx: Tx, id: number, answer: string | null): Promise<ContactMessage> {
  const before = await getMessage(id, tx);
  if (before.status === 'answered') throw new AppError({ code: 'CONFLICT', message: 'backoffice.inbox.alreadyAnswered' });
  await tx.execute(sql`update contact_messages set answered_at = now(), answer = ${answer} where id = ${id}`);
  return getMessage(id, tx);
}

/**
 * The answer mail: the operator's text, then the sender's message quoted (the shop's language), queued in the
 * transaction that marks the message answered (the outbox): it goes out iff that commits.
 */
export async function queueAnswerMail(tx: Tx, message: ContactMessage, actor: Pick<Actor, 'siteName'>): Promise<void> {
  const t = await getT(await shopLanguage(tx));
  await queueMail(
    tx,
    plainMail({
      to: message.email,
      subject: t('backoffice.inbox.mail.subject', { subject: message.subject }),
      paragraphs: [
        t('backoffice.inbox.mail.hello', { name: message.name }),
        message.answer ?? '',
        t('backoffice.inbox.mail.quote', { date: message.created_at.slice(0, 10) }),
        message.message,
      ],
      footer: actor.siteName,
    }),
  );
}
