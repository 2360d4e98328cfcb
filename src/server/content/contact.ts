import { DEFAULT_LANGUAGE, getT } from '@/i18n';
import { getDb } from '@/server/db/client';
import { contactMessages } from '@/server/db/schema';
import { hitLimit, throttled } from '@/server/core/throttle';
import { sendMail } from '@/server/mail/index';
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
  const [row] = await getDb().insert(contactMessages).values(input).returning({ id: contactMessages.id });
  const { setting } = await getSettings();
  if (setting.email) {
    await sendMail(
      plainMail({
        to: setting.email,
        subject: `[Contact #${row!.id}] ${input.subject}`,
        paragraphs: [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject}`, input.message],
        footer: `Sent with the contact form of ${actor.siteName}. Reply to ${input.email}.`,
      }),
    );
  }
  // The acknowledgement goes to whatever address was typed in: at most RECIPIENT_LIMITS a day per mailbox,
  // silently (the message is stored and the shop mailed either way).
  if (!(await mayMailRecipient('contactAcknowledgement', input.email))) return { id: row!.id };
  // The acknowledgement reads in the sender's language; the shop's copy above stays in English.
  const t = await getT(actor.lang ?? DEFAULT_LANGUAGE);
  await sendMail(
    plainMail({
      to: input.email,
      subject: t('contactMail.subject', { subject: input.subject }),
      paragraphs: [t('contactMail.hello', { name: input.name }), t('contactMail.thanks', { site: actor.siteName }), input.message],
      footer: t('contactMail.footer', { id: row!.id }),
    }),
  );
  return { id: row!.id };
}
