import { defineAction } from '@/server/core/action';
import { SellerResendSchema, SellerSignupSchema, SellerVerifySchema } from '@/lib/schemas/seller';
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
