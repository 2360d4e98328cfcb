import { DEFAULT_LANGUAGE, getT } from '@/i18n';
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { newsletterSubscribers } from '@/server/db/schema';
import { mayMailRecipient } from '@/server/mail/recipient-limit';
import { queueMail, sendMail, sendQueuedNow } from '@/server/mail/index';
import { plainMail } from '@/server/content/mails';
import type { Actor } from '@/server/core/actor';

type MailActor = Pick<Actor, 'origin' | 'siteName'> & { lang?: string };

/** Where a subscriber confirms, and where they leave (the link every newsletter mail carries). */
export const confirmUrl = (origin: string, token: string) => `${origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (origin: string, token: string) => `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

const newToken = () => randomBytes(24).toString('base64url');

/**
 * Double opt-in: a new address (or one that left) is stored pending and gets a confirmation link;
 * a pending address gets the link again (at most 3 confirmation mails a day per mailbox, whoever asks:
 * server/mail/recipient-limit.ts); a confirmed one is told it is
 * subscribed already. Never an error for the person.
 */
export async function subscribeNewsletter(
  email: string,
  actor: MailActor,
): Promise<{ created: boolean; status: 'pending' | 'subscribed' }> {
  const db = getDb();
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  if (row?.confirmedAt && !row.unsubscribedAt) return { created: false, status: 'subscribed' };
  const token = row?.token ?? newToken();
  const mail = await confirmationMail(email, token, actor);
  // The pending row and its confirmation mail are one transaction (the outbox): both or neither.
  const queued = await db.transaction(async (tx) => {
    if (!row) {
      const inserted = await tx
        .insert(newsletterSubscribers)
        .values({ email, token })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      // Someone else's request stored it a moment ago: theirs sends the mail.
      if (!inserted.length) return 'raced' as const;
    } else {
      await tx
        .update(newsletterSubscribers)
        .set({ token, confirmedAt: null, unsubscribedAt: null })
        .where(eq(newsletterSubscribers.id, row.id));
    }
    // Per mailbox, whoever asks (RECIPIENT_LIMITS): the answer is the same whether the mail went or not.
    return (await mayMailRecipient('newsletterConfirmation', email, tx)) ? queueMail(tx, mail) : null;
  });
  if (queued === 'raced') return { created: false, status: 'pending' };
  if (queued !== null) await sendQueuedNow([queued]);
  return { created: !row, status: 'pending' };
}

/** The double opt-in mail, in the language the subscriber used the shop in. */
async function confirmationMail(email: string, token: string, actor: MailActor) {
  const t = await getT(actor.lang ?? DEFAULT_LANGUAGE);
  const site = actor.siteName;
  return plainMail({
    to: email,
    subject: t('newsletter.mail.subject', { site }),
    paragraphs: [t('newsletter.mail.text', { site }), t('newsletter.mail.ignore')],
    link: { href: confirmUrl(actor.origin, token), label: t('newsletter.mail.button') },
    footer: t('newsletter.mail.footer', { url: unsubscribeUrl(actor.origin, token) }),
  });
}

/** Confirms the subscription of this link's token; null when the token is unknown. */
export async function confirmNewsletter(token: string): Promise<{ email: string } | null> {
  const [row] = await getDb()
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), unsubscribedAt: null })
    .where(eq(newsletterSubscribers.token, token))
    .returning({ email: newsletterSubscribers.email });
  return row ?? null;
}

/** Ends the subscription of this link's token (idempotent); null when the token is unknown. */
export async function unsubscribeNewsletter(token: string): Promise<{ email: string } | null> {
  const db = getDb();
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.token, token));
  if (!row) return null;
  if (!row.unsubscribedAt)
    await db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() }).where(eq(newsletterSubscribers.id, row.id));
  return { email: row.email };
}

/** A newsletter issue for one subscriber: the text, then the unsubscribe link (every newsletter mail has one). */
export function newsletterMail(to: { email: string; token: string }, subject: string, paragraphs: string[], actor: MailActor) {
  const leave = unsubscribeUrl(actor.origin, to.token);
  return plainMail({
    to: to.email,
    subject,
    paragraphs,
    footer: `You get this because you subscribed to ${actor.siteName}. Unsubscribe: ${leave}`,
  });
}

/** Sends one issue to every confirmed subscriber who has not left; returns how many mails went out. */
export async function sendNewsletter(subject: string, paragraphs: string[], actor: MailActor): Promise<number> {
  const rows = await getDb()
    .select({ email: newsletterSubscribers.email, token: newsletterSubscribers.token })
    .from(newsletterSubscribers)
    .where(and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt)));
  let sent = 0;
  for (const r of rows) {
    // Rows confirmed before double opt-in (the demo's) get their token on first use.
    const token = r.token ?? newToken();
    if (!r.token) await getDb().update(newsletterSubscribers).set({ token }).where(eq(newsletterSubscribers.email, r.email));
    if (await sendMail(newsletterMail({ email: r.email, token }, subject, paragraphs, actor))) sent++;
  }
  return sent;
}
