import { route } from '../../../../server/http/route';
import { ok } from '../../../../server/http/envelope';
import { requireUser } from '../../../../server/users/require';
import { listUserVouchers } from '../../../../server/users/vouchers';

/** Vouchers the user holds, usable ones first. */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listUserVouchers(requireUser(locals).id) }),
});
