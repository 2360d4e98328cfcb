import type { APIContext } from 'astro';
import { readBody } from '@/server/web/body';
import { parseWith } from '@/server/core/validation';
import { requireUser } from '@/server/web/guards';
import { saveAddress, type AddressKind } from '@/server/account/addresses';
import { answer } from '@/server/web/respond';
import { AddressSchema } from '@/lib/schemas/account';
import { getT } from '@/i18n';

/**
 * Shared by `user/address/action[/{id}]` and `user/address/billing_address`: validates the body,
 * saves, and answers `data {id, …}` with the spec's 'Address added/updated successfully'.
 */
export async function saveAddressFromRequest(ctx: APIContext, opts: { id?: number; kind?: AddressKind } = {}): Promise<Response> {
  const user = requireUser(ctx.locals);
  const body = (await readBody(ctx.request)) as Record<string, unknown>;
  const input = parseWith(AddressSchema, opts.kind ? { ...body, kind: opts.kind } : body);
  const { address, created } = await saveAddress(user.id, input, opts.id);
  const t = await getT(ctx.locals.lang);
  return answer(ctx, address, t('filter.addSucc', { type: created ? 'added' : 'updated' }), '/user/addresses');
}
