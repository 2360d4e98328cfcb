import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { readBodyWith } from '@/server/web/body';
import { answerFormPost } from '@/server/web/form-post';
import { NewsletterSchema } from '@/lib/schemas/forms';
import { subscribeNewsletter } from '@/server/content/messages';

export const ALL = route({
  POST: (ctx) =>
    answerFormPost(
      ctx,
      async () => {
        const { email } = await readBodyWith(ctx.request, NewsletterSchema);
        const { created } = await subscribeNewsletter(email);
        return ok({ email, created }, { message: created ? 'Subscribed successfully' : 'You are already subscribed' });
      },
      { field: 'newsletter' },
    ),
});
