import { defineAction } from '@/server/core/action';
import { ContactSchema } from '@/lib/schemas/forms';
import { sendContactMessage } from '@/server/content/contact';

/** What a guest or shopper sends to the shop, declared once (served by src/server/web/actions.ts). */

export const contactShop = defineAction({
  name: 'content.contact',
  input: ContactSchema,
  auth: 'any',
  run: (input, actor) => sendContactMessage(input, actor),
  message: 'content.contactSent',
});
