import { z } from 'zod';
import { defineQuery } from '@/server/core/query';
import { attentionFor } from '@/server/backoffice/attention';
import { storesNamed } from '@/server/backoffice/members';
import { storeIdsOf } from '@/server/core/policy';
import { balanceOf } from '@/server/money/manage';
import { sellerToday } from '@/server/sellers/home';
import { lowStockProducts } from '@/server/catalog/stock-manage';

/** The operator's home: what needs attention today (`/admin`, `api/v1/admin`). */
export const adminHome = defineQuery({
  name: 'backoffice.admin-home',
  input: z.object({}),
  auth: { can: 'enter:admin' },
  // With the products at or below their low-stock threshold (issue 33).
  run: async (_input, _actor, scope) => ({ attention: await attentionFor(scope), low_stock: await lowStockProducts(scope) }),
});

/** A seller's home: their stores and what needs attention in them (`/seller`, `api/v1/seller`). */
export const sellerHome = defineQuery({
  name: 'backoffice.seller-home',
  input: z.object({}),
  auth: { can: 'enter:seller' },
  run: async (_input, _actor, scope) => {
    const ids = storeIdsOf(scope);
    const named = ids === null ? [] : await storesNamed(ids);
    // With the balance the shop owes each of their stores (seller money, issue 35).
    const stores = await Promise.all(named.map(async (s) => ({ ...s, balance: await balanceOf(s.id) })));
    return { stores, attention: await attentionFor(scope), today: await sellerToday(ids ?? []), low_stock: await lowStockProducts(scope) };
  },
});
