import { route } from '../../../server/http/route';
import { ok } from '../../../server/http/envelope';
import { readBodyWith } from '../../../server/http/body';
import { NewsletterSchema } from '../../../lib/schemas/forms';
import { subscribeNewsletter } from '../../../server/content/messages';

export const ALL = route({
  POST: async ({ request }) => {
    const { email } = await readBodyWith(request, NewsletterSchema);
    const { created } = await subscribeNewsletter(email);
    return ok({ email, created }, { message: created ? 'Subscribed successfully' : 'You are already subscribed' });
  },
});
