import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '@/server/db/schema/common';

/**
 * The transactional outbox (mail/sender.ts, docs/decisions/0029-mail-outbox-and-storage.md): a mail is a row written in
 * the transaction of the change that causes it; a sender in every server process claims due rows
 * (`FOR UPDATE SKIP LOCKED`), sends them and records the outcome. `waiting` (due at `next_attempt_at`),
 * `sending` (claimed until `locked_until`: a process that died is retried after it), `sent`, `failed` (for good).
 * The body (`text`, `html`) is blanked once sent or past `expires_at` (codes and links are not kept
 * in clear longer than they are valid); sent and failed rows are purged after 30 days.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    status: text('status', { enum: ['waiting', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Retried until then; a mail still not sent is failed for good (MAIL_RETRY_HOURS, a day by default). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    /** A mail carrying a code or a link: its body is not kept past this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('waiting', 'sending')`),
    index('mail_outbox_status_idx').on(t.status, t.id),
  ],
);
