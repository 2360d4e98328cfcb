import { z } from 'zod';
import { defineQuery } from '@/server/core/query';
import { attentionFor } from '@/server/backoffice/attention';
import { storesNamed } from '@/server/backoffice/members';
import { storeIdsOf } from '@/server/core/policy';
import { sellerToday } from '@/server/sellers/home';

/** The operator's home: what needs attention today (`/admin`, `api/v1/admin`). */
export const adminHome = defineQuery({
  name: 'backoffice.admin-home',
  input: z.object({}),
  auth: { can: 'enter:admin' },
  run: async (_input, _actor, scope) => ({ attention: await attentionFor(scope) }),
});

/** A seller's home: their stores and what needs attention in them (`/seller`, `api/v1/seller`). */
export const sellerHome = defineQuery({
  name: 'backoffice.seller-home',
  input: z.object({}),
  auth: { can: 'enter:seller' },
  run: async (_input, _actor, scope) => {
    const ids = storeIdsOf(scope);
    return {
      stores: ids === null ? [] : await storesNamed(ids),
      attention: await attentionFor(scope),
      today: await sellerToday(ids ?? []),
    };
  },
});
