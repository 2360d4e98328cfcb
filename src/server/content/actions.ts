import { z } from 'zod';
import { defineAction } from '@/server/core/action';
import { notFound } from '@/server/core/errors';
import { sendContactMessage } from '@/server/content/contact';
import { sendNewsletter, subscribeNewsletter, unsubscribeNewsletter } from '@/server/content/newsletter';
import { NewsletterSendSchema } from '@/lib/schemas/content-admin2';
import { confirmedSubscribers } from '@/server/content/subscribers';
import { runAfterAnswer } from '@/server/core/background';
import { ContactSchema, NewsletterSchema } from '@/lib/schemas/forms';
import { AnswerMessageSchema, MessageIdSchema } from '@/lib/schemas/moderation';
import { markAnswered, queueAnswerMail } from '@/server/content/inbox';

/** The shop's public forms, declared once (served by src/server/web/actions.ts). */

/** Stored, mailed to the shop, acknowledged to the sender; throttled per address and email. */
export const contact = defineAction({
  name: 'content.contact',
  input: ContactSchema,
  auth: 'any',
  run: (input, actor) => sendContactMessage(input, actor),
  message: 'content.contactSent',
});

/** Double opt-in: a confirmation link by mail; subscribing again is never an error. */
export const subscribe = defineAction({
  name: 'content.newsletter',
  input: NewsletterSchema,
  auth: 'any',
  run: async ({ email }, actor) => ({ email, ...(await subscribeNewsletter(email, actor)) }),
  message: ({ status }, t) => t(status === 'subscribed' ? 'shell.alreadySubscribed' : 'shell.subscribed'),
});

/** The unsubscribe link's button: `{token}`. */
export const unsubscribe = defineAction({
  name: 'content.unsubscribe',
  input: z.object({
    token: z.string({ error: 'The link is not complete.' }).min(10, 'The link is not complete.').max(100, 'The link is not complete.'),
  }),
  auth: 'any',
  run: async ({ token }) => {
    const done = await unsubscribeNewsletter(token);
    if (!done) throw notFound('thisUnsubscribeLink');
    return done;
  },
  message: () => 'You are unsubscribed. You will get no more newsletters from us.',
  data: () => null,
  back: (_result, input) => `/newsletter/unsubscribe?token=${encodeURIComponent(input.token)}&done=1`,
});

/** Answers a contact message by mail from the back office (`POST api/v1/admin/messages/{id}/answer {answer}`). */
export const answerMessageAction = defineAction({
  name: 'messages.answer',
  input: AnswerMessageSchema,
  auth: { can: 'update:content' },
  invalidates: [],
  run: async ({ id, answer }, actor, { tx, audit }) => {
    const message = await markAnswered(tx, id, answer);
    audit({ entity: 'contact_message', entityId: id, before: { status: 'open' }, after: { status: 'answered', answer } });
    await queueAnswerMail(tx, message, actor);
    return message;
  },
  message: 'backoffice.inbox.answered',
  data: (m) => ({ id: m.id, status: m.status, answered_at: m.answered_at }),
});

/** Marks a contact message answered another way (`POST api/v1/admin/messages/{id}/answered`). */
export const markAnsweredAction = defineAction({
  name: 'messages.answered',
  input: MessageIdSchema,
  auth: { can: 'update:content' },
  invalidates: [],
  run: async ({ id }, _actor, { tx, audit }) => {
    const message = await markAnswered(tx, id, null);
    audit({ entity: 'contact_message', entityId: id, before: { status: 'open' }, after: { status: 'answered' } });
    return message;
  },
  message: 'backoffice.inbox.marked',
  data: (m) => ({ id: m.id, status: m.status, answered_at: m.answered_at }),
});

/**
 * Sends a newsletter issue from the back office (`POST api/v1/admin/subscribers/newsletter {subject, text}`): what
 * `npm run shop -- newsletter:send` does, to every confirmed subscriber, each mail with its unsubscribe link. The
 * mails go out after the answer (one per subscriber, through the outbox); the answer says how many.
 */
export const sendNewsletterAction = defineAction({
  name: 'subscribers.newsletter',
  input: NewsletterSendSchema,
  auth: { can: 'update:content' },
  invalidates: [],
  run: async ({ subject, text }, actor, { tx, audit }) => {
    const recipients = await confirmedSubscribers(tx);
    audit({ entity: 'newsletter', entityId: null, before: null, after: { subject, paragraphs: text.length, recipients } });
    runAfterAnswer('send the newsletter', async () => {
      await sendNewsletter(subject, text, { origin: actor.origin, siteName: actor.siteName });
    });
    return { recipients };
  },
  message: (r, t) => t('backoffice.newsletterSend.queued', { count: r.recipients }),
  back: '/admin/subscribers',
});
