import { route } from '../../../server/http/route';
import { ok } from '../../../server/http/envelope';
import { readBodyWith } from '../../../server/http/body';
import { answerFormPost } from '../../../server/http/form-post';
import { NewsletterSchema } from '../../../lib/schemas/forms';
import { subscribeNewsletter } from '../../../server/content/messages';

export const ALL = route({
  POST: (ctx) =>
    answerFormPost(ctx, async () => {
      const { email } = await readBodyWith(ctx.request, NewsletterSchema);
      const { created } = await subscribeNewsletter(email);
      return ok({ email, created }, { message: created ? 'Subscribed successfully' : 'You are already subscribed' });
    }, { field: 'newsletter' }),
});
