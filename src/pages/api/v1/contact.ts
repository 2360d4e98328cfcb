import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { readBodyWith } from '@/server/web/body';
import { answerFormPost } from '@/server/web/form-post';
import { ContactSchema } from '@/lib/schemas/forms';
import { saveContactMessage } from '@/server/content/messages';

export const ALL = route({
  POST: (ctx) =>
    answerFormPost(ctx, async () => {
      const input = await readBodyWith(ctx.request, ContactSchema);
      const saved = await saveContactMessage(input);
      return ok(saved, { message: 'Thank you. We will answer within one business day.' });
    }),
});
