/**
 * How many mails of one kind one address may receive, whoever asks for them (issue 30): a form that
 * mails the address typed into it (newsletter confirmation, contact acknowledgement) must not become a
 * way to flood someone else's inbox from many client addresses. The count is per recipient, not per
 * requester; when it is reached the mail is simply not sent, and the requester is told nothing different.
 */
import { hitLimit } from '@/server/core/throttle';
import type { Tx } from '@/server/db/client';
import { log } from '@/server/core/logger.mjs';

/** Mails of each kind one address may get per window. */
export const RECIPIENT_LIMITS = {
  /** Newsletter double opt-in links. */
  newsletterConfirmation: { max: 3, windowSeconds: 86_400 },
  /** The contact form's "we received your message" copy to the address typed in. */
  contactAcknowledgement: { max: 3, windowSeconds: 86_400 },
} as const;

export type RecipientMailKind = keyof typeof RECIPIENT_LIMITS;

/**
 * The mailbox an address reaches: lower case, without a `+tag` in the local part
 * (`Ada+1@Example.com` and `ada@example.com` land in the same inbox, so they share one count).
 */
export function mailboxOf(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at).replace(/\+.*$/, '');
  return `${local || email.slice(0, at)}@${email.slice(at + 1)}`;
}

/** Counts one mail of `kind` to `address` (in `db`, the mail's transaction, when given); false when this one would be over the limit (then do not send it). */
export async function mayMailRecipient(kind: RecipientMailKind, address: string, db?: Tx): Promise<boolean> {
  const mailbox = mailboxOf(address);
  const hit = await hitLimit({ key: `mail-to:${kind}:${mailbox}`, ...RECIPIENT_LIMITS[kind] }, new Date(), db);
  if (hit.limited) log.info({ kind, count: hit.count }, 'mail: this address has had enough mails of this kind today; not sent');
  return !hit.limited;
}
