import { route } from '@/server/web/route';
import { readBodyWith } from '@/server/web/body';
import { requireUser } from '@/server/web/guards';
import { deleteAccount } from '@/server/account/account';
import { clearSessionCookie } from '@/server/web/session-cookie';
import { answer, formAware } from '@/server/web/respond';
import { DeleteAccountSchema } from '@/lib/schemas/account';
import { getT } from '@/i18n';

/** Deletes the account (password, or the typed word when there is none), ends its sessions, clears the cookie. */
export const ALL = route({
  POST: formAware(async (ctx) => {
    const user = requireUser(ctx.locals);
    const input = await readBodyWith(ctx.request, DeleteAccountSchema);
    await deleteAccount(user.id, input);
    clearSessionCookie(ctx.cookies);
    const t = await getT(ctx.locals.lang);
    return answer(ctx, null, t('account.deleted'), '/');
  }),
});
