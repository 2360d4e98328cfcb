import { route } from '@/server/web/route';
import { ok } from '@/server/web/envelope';
import { requireUser } from '@/server/web/guards';
import { listUserVouchers } from '@/server/vouchers/user-vouchers';

/** Vouchers the user holds, usable ones first. */
export const ALL = route({
  GET: async ({ locals }) => ok({ data: await listUserVouchers(requireUser(locals).id) }),
});
