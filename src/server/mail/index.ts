/**
 * Mail: `queueMail(tx, mail)` inside the transaction of the change that causes it, or `sendMail(mail)` (its own
 * insert) where there is none; both go through the outbox (mail/sender.ts) and out by SMTP (SMTP_URL) or the
 * file outbox under DATA_DIR/mail (mail/transport.ts).
 */
export { outboxDir, transmit, type Mail, type OutboxEntry } from '@/server/mail/transport';
export { deliverDue, purgeMail, queueMail, resendMail, sendMail, sendQueuedNow, startMailSender } from '@/server/mail/sender';
