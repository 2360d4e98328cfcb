import { defineAction } from '@/server/core/action';
import { subscribeNewsletter } from '@/server/content/messages';
import { sendContactMessage } from '@/server/content/contact';
import { ContactSchema, NewsletterSchema } from '@/lib/schemas/forms';

/** The shop's public forms, declared once (served by src/server/web/actions.ts). */

/** Stored, mailed to the shop, acknowledged to the sender; throttled per address and email. */
export const contact = defineAction({
  name: 'content.contact',
  input: ContactSchema,
  auth: 'any',
  run: (input, actor) => sendContactMessage(input, actor),
  message: 'content.contactSent',
});

export const subscribe = defineAction({
  name: 'content.newsletter',
  input: NewsletterSchema,
  auth: 'any',
  run: async ({ email }) => ({ email, ...(await subscribeNewsletter(email)) }),
  message: ({ created }) => (created ? 'Subscribed successfully' : 'You are already subscribed'),
});
