import { defineAction } from '@/server/core/action';
import { defineQuery } from '@/server/core/query';
import { ApprovalsQuerySchema, ProductDecisionSchema, RefuseProductSchema, SellerApprovalRuleSchema } from '@/lib/schemas/seller-store';
import { approveProduct, listWaitingProducts, refuseProduct, setSellerApproval } from '@/server/catalog/approval';

/** The operator's approvals of sellers' new products and price changes (`/admin/products/approvals`). */

export const waitingProductsList = defineQuery({
  name: 'products.approvals',
  input: ApprovalsQuerySchema,
  auth: { can: 'approve:seller' },
  run: (input) => listWaitingProducts(input),
});

export const approveProductAction = defineAction({
  name: 'products.approve',
  input: ProductDecisionSchema,
  auth: { can: 'approve:seller' },
  // A new product appears, or the new price shows, on every page and in search.
  invalidates: ['catalog'],
  run: approveProduct,
  message: 'backoffice.approvals.approved',
});

export const refuseProductAction = defineAction({
  name: 'products.refuse',
  input: RefuseProductSchema,
  auth: { can: 'approve:seller' },
  invalidates: [],
  run: refuseProduct,
  message: 'backoffice.approvals.refused',
});

/** The owner's rule: sellers' new products and price changes go live at once or wait (`{seller_approval}`). */
export const sellerApprovalRuleAction = defineAction({
  name: 'products.approval-rule',
  input: SellerApprovalRuleSchema,
  auth: { can: 'update:setting' },
  invalidates: ['settings'],
  run: setSellerApproval,
  message: 'backoffice.approvals.ruleSaved',
});
