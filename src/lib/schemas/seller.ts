import { z } from 'zod';
import { emailField, PASSWORD_MIN, PHONE_PATTERN, requiredText } from '@/lib/schemas/fields';

/** `seller/signup`: shop name, owner name, email, phone, password (twice), address. */
export const SellerSignupSchema = z
  .object({
    shop_name: requiredText('Shop name', 80),
    name: requiredText('Name', 120),
    email: emailField(),
    phone: requiredText('Phone', 40).regex(PHONE_PATTERN, 'Invalid phone number'),
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .min(PASSWORD_MIN, 'Invalid Password Length')
      .max(200, 'Password must be at most 200 characters'),
    password_confirmation: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required'),
    address: requiredText('Address', 300),
  })
  .refine((v) => v.password === v.password_confirmation, { message: "Password didn't match", path: ['password_confirmation'] });
export type SellerSignupInput = z.infer<typeof SellerSignupSchema>;

/** `seller/verify`: the email and the 6-digit code mailed to it. */
/** `seller/resend-code {email}`: a new code for the application, without the form again. */
export const SellerResendSchema = z.object({ email: emailField() });

export const SellerVerifySchema = z.object({
  email: emailField(),
  code: requiredText('Code', 12).regex(/^\d{6}$/, 'The code has 6 digits'),
});
