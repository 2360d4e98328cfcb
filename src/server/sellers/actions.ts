import { defineAction } from '@/server/core/action';
import { SellerResendSchema, SellerSignupSchema, SellerVerifySchema } from '@/lib/schemas/seller';
import { RefuseSellerSchema, SellerIdSchema, StoreIdSchema, SuspendStoreSchema } from '@/lib/schemas/moderation';
import { approveSellerIn, mailApproval } from '@/server/sellers/approve';
import { refuseApplication, setStoreOpen } from '@/server/sellers/manage';
import { mailRefusal, mailStoreState } from '@/server/sellers/decision-mails';
import { resendSellerCode, SELLER_CODE_RESENT, signUpSeller, verifySeller } from '@/server/sellers/signup';

/** A guest's seller application, declared once (served by src/server/web/actions.ts). */

export const sellerSignup = defineAction({
  name: 'seller.signup',
  input: SellerSignupSchema,
  auth: 'any',
  run: (input, actor) => signUpSeller(input, actor),
  message: () => 'We sent a 6-digit code to your email. Enter it to confirm your application.',
  back: (result) => `/seller/register?step=verify&email=${encodeURIComponent(result.email)}`,
});

export const sellerVerify = defineAction({
  name: 'seller.verify',
  input: SellerVerifySchema,
  auth: 'any',
  run: (input) => verifySeller(input),
  message: () => 'Your email is confirmed. Your shop is pending approval: we will email you when it opens.',
  back: '/seller/register?step=done',
});

export const sellerResend = defineAction({
  name: 'seller.resend',
  input: SellerResendSchema,
  auth: 'any',
  run: (input, actor) => resendSellerCode(input.email, actor),
  message: () => SELLER_CODE_RESENT,
  back: (result) => `/seller/register?step=verify&email=${encodeURIComponent(result.email)}`,
});

/** The operator approves a verified application (`POST api/v1/admin/sellers/{id}/approve`): what `seller:approve` does. */
export const approveSellerAction = defineAction({
  name: 'sellers.approve',
  input: SellerIdSchema,
  auth: { can: 'approve:seller' },
  // A new store shows on the stores page and in the sitemap.
  invalidates: ['catalog', 'stores'],
  run: async ({ id }, actor, { tx, audit }) => {
    const approval = await approveSellerIn(tx, id);
    audit({
      entity: 'seller',
      entityId: id,
      before: { status: approval.seller.status },
      after: { status: 'approved', store_id: approval.store.id, user_id: approval.userId },
    });
    await mailApproval(approval, actor.origin, actor.siteName, tx);
    return { seller_id: id, store_id: approval.store.id, user_id: approval.userId };
  },
  message: 'backoffice.sellers.approved',
});

/** The operator refuses a waiting application with a reason, mailed to the applicant (`POST api/v1/admin/sellers/{id}/refuse {reason}`). */
export const refuseSellerAction = defineAction({
  name: 'sellers.refuse',
  input: RefuseSellerSchema,
  auth: { can: 'approve:seller' },
  invalidates: [],
  run: async ({ id, reason }, actor, { tx, audit }) => {
    const { before, application } = await refuseApplication(tx, id, reason);
    audit({ entity: 'seller', entityId: id, before: { status: before }, after: { status: 'rejected', reason } });
    await mailRefusal(tx, application, reason, actor);
    return { seller_id: id, status: application.status };
  },
  message: 'backoffice.sellers.refused',
});

/** Suspends a store (`POST api/v1/admin/stores/{id}/suspend {reason}`): its products leave the storefront at once. */
export const suspendStoreAction = defineAction({
  name: 'stores.suspend',
  input: SuspendStoreSchema,
  auth: { can: 'approve:seller' },
  invalidates: ['catalog', 'stores'],
  run: async ({ id, reason }, actor, { tx, audit }) => {
    const change = await setStoreOpen(tx, id, false, reason);
    audit({ entity: 'store', entityId: id, before: { status: change.before.status }, after: { status: 'suspended', reason } });
    await mailStoreState(tx, change.after, reason, actor);
    return change.after;
  },
  message: 'backoffice.sellers.suspended',
});

/** Reinstates a suspended store (`POST api/v1/admin/stores/{id}/reinstate`): its products come back as they were. */
export const reinstateStoreAction = defineAction({
  name: 'stores.reinstate',
  input: StoreIdSchema,
  auth: { can: 'approve:seller' },
  invalidates: ['catalog', 'stores'],
  run: async ({ id }, actor, { tx, audit }) => {
    const change = await setStoreOpen(tx, id, true, null);
    await mailStoreState(tx, change.after, null, actor);
    audit({
      entity: 'store',
      entityId: id,
      before: { status: change.before.status, reason: change.before.suspended_reason },
      after: { status: 'open' },
    });
    return change.after;
  },
  message: 'backoffice.sellers.reinstated',
});
