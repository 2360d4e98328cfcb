import { route } from '@/server/web/route';
import { readBodyWith } from '@/server/web/body';
import { requireUser } from '@/server/web/guards';
import { setFollowing } from '@/server/account/following';
import { answer, formAware } from '@/server/web/respond';
import { FollowSchema } from '@/lib/schemas/account';
import { getT } from '@/i18n';

/** `{store_id, follow?}`: follows or unfollows (toggles without `follow`); answers `data {following, followers}`. */
export const ALL = route({
  POST: formAware(async (ctx) => {
    const user = requireUser(ctx.locals);
    const input = await readBodyWith(ctx.request, FollowSchema);
    const result = await setFollowing(user.id, input.store_id, input.follow);
    const t = await getT(ctx.locals.lang);
    return answer(ctx, result, t(result.following ? 'account.followed' : 'account.unfollowed'));
  }),
});
