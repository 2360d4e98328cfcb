import { route } from '@/server/web/route';
import { parseWith } from '@/server/core/validation';
import { requireUser } from '@/server/web/guards';
import { updateProfile } from '@/server/account/profile';
import { answer, formAware } from '@/server/web/respond';
import { readUploadBody } from '@/server/uploads/multipart';
import { fileOf } from '@/server/uploads/images';
import { ProfileSchema } from '@/lib/schemas/account';
import { getT } from '@/i18n';

/** Name, phone and (multipart) avatar. */
export const ALL = route({
  POST: formAware(async (ctx) => {
    const user = requireUser(ctx.locals);
    const body = await readUploadBody(ctx.request);
    const input = parseWith(ProfileSchema, body);
    const profile = await updateProfile(user.id, input, fileOf(body.avatar));
    const t = await getT(ctx.locals.lang);
    return answer(ctx, profile, t('account.profileSaved'));
  }),
});
