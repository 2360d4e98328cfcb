/**
 * Issue 30: the newsletter and contact forms mail the address typed into them. Eight requests naming one
 * victim's mailbox (its `+tag` variants and case too) from eight client addresses send the victim at most
 * RECIPIENT_LIMITS mails a day, and every requester gets the same answer whether the mail went or not.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { authCtx, useScratchOutbox } from './auth-helpers';
import { readOutbox } from '@/server/mail/outbox';
import { subscribeNewsletter } from '@/server/content/newsletter';
import { sendContactMessage } from '@/server/content/contact';
import { getSettings, putSetting } from '@/server/settings';
import { mailboxOf, RECIPIENT_LIMITS } from '@/server/mail/recipient-limit';

const outbox = useScratchOutbox();
useTestDatabase();

/** The same inbox written eight ways. */
const variants = (local: string) => [
  `${local}@victim.test`,
  `${local}+a@victim.test`,
  `${local.toUpperCase()}@VICTIM.test`,
  `${local}+news@victim.test`,
  `${local}+b@victim.test`,
  `${local}@victim.test`,
  `${local}+c@Victim.test`,
  `${local}+d@victim.test`,
];
const mailsTo = async (local: string) => (await readOutbox(outbox)).filter((m) => mailboxOf(m.to) === `${local}@victim.test`);

describe('mails per recipient', () => {
  it('reads one mailbox in every spelling of it', () => {
    expect(mailboxOf(' Ada+Shop@Example.COM ')).toBe('ada@example.com');
    expect(mailboxOf('+x@example.com')).toBe('+x@example.com');
  });

  it('newsletter: 8 subscriptions of one mailbox from 8 client addresses send it 3 confirmation mails, and every answer reads the same', async () => {
    const local = `nl${Date.now().toString(36)}`;
    const answers = [];
    for (const email of variants(local))
      answers.push(await subscribeNewsletter(email.toLowerCase(), { ...authCtx(), origin: 'http://shop.test', siteName: 'Voltmart' }));
    expect(await mailsTo(local)).toHaveLength(RECIPIENT_LIMITS.newsletterConfirmation.max);
    // The 8th requester learns nothing the 2nd did not: a pending subscription, as always.
    for (const answer of answers) expect(answer.status).toBe('pending');
    expect(answers.at(-1)).toEqual(answers[1]);
  });

  it('contact form: 8 messages naming one mailbox from 8 client addresses are all stored and sent to the shop; the mailbox gets 3 copies; no requester is refused', async () => {
    await putSetting('setting', { ...(await getSettings()).setting, email: 'help@shop.test' });
    const local = `ct${Date.now().toString(36)}`;
    const before = (await readOutbox(outbox)).filter((m) => m.to === 'help@shop.test').length;
    const ids = [];
    for (const email of variants(local))
      ids.push((await sendContactMessage({ name: 'Mallory', email, subject: 'Hi', message: 'Buy now' }, authCtx())).id);
    expect(new Set(ids).size).toBe(8);
    expect((await readOutbox(outbox)).filter((m) => m.to === 'help@shop.test').length - before).toBe(8);
    expect(await mailsTo(local)).toHaveLength(RECIPIENT_LIMITS.contactAcknowledgement.max);
  });
});
