import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { MailIdSchema, MailQuerySchema } from '@/lib/schemas/backoffice';
import { listMail, resendQueuedMail } from '@/server/mail/manage';

/** The outbox: waiting and failed mails (`/admin/mail`, `api/v1/admin/mail`). */
export const mailList = defineQuery({
  name: 'mail.list',
  input: MailQuerySchema,
  auth: { can: 'read:mail' },
  run: (input) => listMail(input),
});

/** One mail sent again (`POST api/v1/admin/mail/{id}/resend`): who may see the outbox may retry what it holds. */
export const resendMailAction = defineAction({
  name: 'mail.resend',
  input: MailIdSchema,
  auth: { can: 'read:mail' },
  invalidates: [],
  run: async ({ id }, _actor, { tx, audit }) => {
    const change = await resendQueuedMail(tx, id);
    audit({ entity: 'mail', entityId: id, before: { status: change.before }, after: { status: change.after } });
    return { id, status: change.after };
  },
  message: 'backoffice.mail.resent',
  data: (r) => r,
});
