import { route } from '../../../server/http/route';
import { ok } from '../../../server/http/envelope';
import { readBodyWith } from '../../../server/http/body';
import { answerFormPost } from '../../../server/http/form-post';
import { ContactSchema } from '../../../lib/schemas/forms';
import { saveContactMessage } from '../../../server/content/messages';

export const ALL = route({
  POST: (ctx) =>
    answerFormPost(ctx, async () => {
      const input = await readBodyWith(ctx.request, ContactSchema);
      const saved = await saveContactMessage(input);
      return ok(saved, { message: 'Thank you. We will answer within one business day.' });
    }),
});
