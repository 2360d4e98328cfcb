import { route } from '../../../../../server/http/route';
import { readBodyWith } from '../../../../../server/http/body';
import { requireUser } from '../../../../../server/users/require';
import { setFollowing } from '../../../../../server/users/following';
import { answer, formAware } from '../../../../../server/users/respond';
import { FollowSchema } from '../../../../../lib/schemas/account';
import { getT } from '../../../../../i18n';

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
