import { DEFAULT_LANGUAGE, getT } from '@/i18n';
import { getDb } from '@/server/db/client';
import { contactMessages } from '@/server/db/schema';
import { hitLimit, throttled } from '@/server/core/throttle';
import { queueMail, sendQueuedNow } from '@/server/mail/index';
import { mayMailRecipient } from '@/server/mail/recipient-limit';
import { getSettings } from '@/server/settings';
import type { Actor } from '@/server/core/actor';
import type { ContactInput } from '@/lib/schemas/forms';
import { plainMail } from '@/server/content/mails';

/** Messages one address may send in CONTACT_WINDOW seconds (a person rarely writes twice an hour). */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW = 3600;

/**
 * A contact-form message: counted against the sender's network address (throttled), stored, mailed
 * to the shop's address from settings (the stored row is the record when that mail fails or no address
 * is set), and acknowledged to the sender.
 */
export async function sendContactMessage(
  input: ContactInput,
  actor: Pick<Actor, 'ip' | 'siteName'> & { lang?: string },
): Promise<{ id: number }> {
  // The sender's own network is told when it sends too much; the address typed in is never a reason
  // for a visible refusal (that would tell anyone who types someone else's address about their inbox).
  const hit = await hitLimit({ key: `contact:ip:${actor.ip}`, max: CONTACT_LIMIT, windowSeconds: CONTACT_WINDOW });
  if (hit.limited) throw throttled('You have sent several messages in a short time.', hit.retryAfter);
  const { setting } = await getSettings();
  // The acknowledgement goes to whatever address was typed in: at most RECIPIENT_LIMITS a day per mailbox,
  // silently (the message is stored and the shop mailed either way). The acknowledgement reads in the sender's
  // language; the shop's copy stays in English.
  const t = await getT(actor.lang ?? DEFAULT_LANGUAGE);
  // The stored message and its mails are one transaction (the outbox): both or neither.
  const queued: number[] = [];
  const row = await getDb().transaction(async (tx) => {
    const [stored] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    const id = stored!.id;
    if (setting.email)
      queued.push(
        await queueMail(
          tx,
          plainMail({
            to: setting.email,
            subject: `[Contact #${id}] ${input.subject}`,
            paragraphs: [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject}`, input.message],
            footer: `Sent with the contact form of ${actor.siteName}. Reply to ${input.email}.`,
          }),
        ),
      );
    if (await mayMailRecipient('contactAcknowledgement', input.email, tx))
      queued.push(
        await queueMail(
          tx,
          plainMail({
            to: input.email,
            subject: t('contactMail.subject', { subject: input.subject }),
            paragraphs: [t('contactMail.hello', { name: input.name }), t('contactMail.thanks', { site: actor.siteName }), input.message],
            footer: t('contactMail.footer', { id }),
          }),
        ),
      );
    return stored!;
  });
  // Tried at once, as before (a failure is retried by the sender).
  await sendQueuedNow(queued);
  return { id: row!.id };
}
