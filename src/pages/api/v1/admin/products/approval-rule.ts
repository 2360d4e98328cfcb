import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { sellerApprovalRuleAction } from '@/server/catalog/approval-actions';

/** The owner's rule `{seller_approval}`: sellers' new products and price changes wait for approval, or go live at once. */
export const ALL = route({ POST: serveAction(sellerApprovalRuleAction) });
