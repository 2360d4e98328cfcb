import { defineAction } from '@/server/core/action';
import { CustomerIdSchema, CustomerNoteSchema, EraseCustomerSchema } from '@/lib/schemas/customers';
import { addCustomerNote, eraseCustomer, lockCustomer, setCustomerEnabled } from '@/server/customers/manage';
import { codeHash, issueTokens, linkHash, newCode, newLinkToken, RESET_MINUTES } from '@/server/auth/codes';
import { resetPasswordMail } from '@/server/mail/templates';
import { queueMail } from '@/server/mail/sender';
import { AppError } from '@/server/core/errors';

/**
 * The operator's moves on a customer (issue 32), each one audited. Who may read customers may act on them:
 * `read:customer` is the section's one permission (the owner, and staff granted it).
 */

/** Disables sign-in (`POST api/v1/admin/customers/{id}/disable`): every session of the person ends at once. */
export const disableCustomerAction = defineAction({
  name: 'customers.disable',
  input: CustomerIdSchema,
  auth: { can: 'read:customer' },
  invalidates: ['sessions'],
  run: async ({ id }, _actor, { tx, audit }) => {
    const change = await setCustomerEnabled(tx, id, false);
    audit({ entity: 'customer', entityId: id, before: { status: change.before }, after: { status: change.after } });
    return { id, status: change.after };
  },
  message: 'backoffice.customers.disabled',
});

/** Enables sign-in again (`POST api/v1/admin/customers/{id}/enable`). */
export const enableCustomerAction = defineAction({
  name: 'customers.enable',
  input: CustomerIdSchema,
  auth: { can: 'read:customer' },
  invalidates: ['sessions'],
  run: async ({ id }, _actor, { tx, audit }) => {
    const change = await setCustomerEnabled(tx, id, true);
    audit({ entity: 'customer', entityId: id, before: { status: change.before }, after: { status: change.after } });
    return { id, status: change.after };
  },
  message: 'backoffice.customers.enabled',
});

/**
 * Mails the customer a password reset link and code (`POST api/v1/admin/customers/{id}/password-reset`), the
 * same mail as "Forgot password", queued in the action's transaction; earlier links stop working.
 */
export const resetCustomerPasswordAction = defineAction({
  name: 'customers.password-reset',
  input: CustomerIdSchema,
  auth: { can: 'read:customer' },
  invalidates: [],
  run: async ({ id }, actor, { tx, audit }) => {
    const row = await lockCustomer(tx, id);
    if (row.erased_at || Number(row.status) !== 1) throw new AppError({ code: 'CONFLICT', message: 'backoffice.customers.notActive' });
    const token = newLinkToken();
    const code = newCode();
    await issueTokens(id, 'reset', [linkHash(token), codeHash('reset', id, code)], RESET_MINUTES, tx);
    const mail = await resetPasswordMail({
      lang: actor.lang,
      siteName: actor.siteName,
      origin: actor.origin,
      to: String(row.email),
      name: String(row.name),
      code,
      token,
      minutes: RESET_MINUTES,
    });
    await queueMail(tx, { ...mail, expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000) });
    audit({ entity: 'customer', entityId: id, before: null, after: { mailed: 'reset link' } });
    return { id };
  },
  message: 'backoffice.customers.resetSent',
});

/** Adds a note (`POST api/v1/admin/customers/{id}/notes {note}`), seen by operators only. */
export const noteCustomerAction = defineAction({
  name: 'customers.note',
  input: CustomerNoteSchema,
  auth: { can: 'read:customer' },
  invalidates: [],
  run: async ({ id, note }, actor, { tx, audit }) => {
    const made = await addCustomerNote(tx, id, actor.user?.id ?? null, note);
    audit({ entity: 'customer', entityId: id, before: null, after: { note_id: made.id } });
    return { id, note_id: made.id };
  },
  message: 'backoffice.customers.noted',
});

/**
 * Erases the person's data (`POST api/v1/admin/customers/{id}/erase {confirm: 'ERASE'}`); refused while an
 * order of theirs is open. The audit entry names no personal data (only the id and how many orders were kept).
 */
export const eraseCustomerAction = defineAction({
  name: 'customers.erase',
  input: EraseCustomerSchema,
  auth: { can: 'read:customer' },
  invalidates: ['sessions'],
  run: async ({ id }, _actor, { tx, audit }) => {
    const erased = await eraseCustomer(tx, id);
    audit({ entity: 'customer', entityId: id, before: null, after: { erased: true, orders_kept: erased.orders } });
    return { id, status: 'erased' as const, orders_kept: erased.orders };
  },
  message: 'backoffice.customers.erased',
});
