import { route } from '@/server/web/route';
import { readBodyWith } from '@/server/web/body';
import { requireUser } from '@/server/web/guards';
import { changePassword } from '@/server/account/account';
import { answer, formAware } from '@/server/web/respond';
import { PasswordChangeSchema } from '@/lib/schemas/account';
import { getT } from '@/i18n';

/** Current password, new password and confirmation; every other session of the user ends. */
export const ALL = route({
  POST: formAware(async (ctx) => {
    const user = requireUser(ctx.locals);
    const input = await readBodyWith(ctx.request, PasswordChangeSchema);
    await changePassword(user.id, input, ctx.locals.sessionHash);
    const t = await getT(ctx.locals.lang);
    return answer(ctx, null, t('account.passwordChanged'));
  }),
});
