import { defineAction } from '@/server/core/action';
import { saveContactMessage, subscribeNewsletter } from '@/server/content/messages';
import { ContactSchema, NewsletterSchema } from '@/lib/schemas/forms';

/** The shop's public forms, declared once (served by src/server/web/actions.ts). */

export const contact = defineAction({
  name: 'content.contact',
  input: ContactSchema,
  auth: 'any',
  run: (input) => saveContactMessage(input),
  message: () => 'Thank you. We will answer within one business day.',
});

export const subscribe = defineAction({
  name: 'content.newsletter',
  input: NewsletterSchema,
  auth: 'any',
  run: async ({ email }) => ({ email, ...(await subscribeNewsletter(email)) }),
  message: ({ created }) => (created ? 'Subscribed successfully' : 'You are already subscribed'),
});
