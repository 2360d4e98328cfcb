import { listMail } from '@/server/mail/manage';
import { MAIL_EXPIRED } from '@/server/mail/sender';

/** `npm run shop -- mail:queue`: the outbox's waiting and failed mails (newest 100), as /admin/mail lists them. */
export async function describeMailQueue(): Promise<string> {
  const { items, next_cursor } = await listMail({ status: '', q: '', dir: 'desc', per_page: 100, cursor: '' });
  if (!items.length) return 'The mail outbox is empty: every mail has been sent.';
  const lines = items.map((m) => {
    const when = m.status === 'waiting' && m.next_attempt_at ? `, next attempt ${m.next_attempt_at}` : '';
    const error = m.last_error
      ? `\n      last error: ${m.last_error === MAIL_EXPIRED ? 'its code or link expired before it could be sent' : m.last_error}`
      : '';
    return `#${m.id}  ${m.status}  ${m.created_at}  to ${m.to}  "${m.subject}"  (${m.attempts} attempt${m.attempts === 1 ? '' : 's'}${when})${error}`;
  });
  const waiting = items.filter((m) => m.status !== 'failed').length;
  return [
    `${waiting} waiting, ${items.length - waiting} failed${next_cursor ? ' (the newest 100 shown)' : ''}:`,
    ...lines,
    'A failed mail can be sent again from the back office (/admin/mail).',
  ].join('\n');
}
