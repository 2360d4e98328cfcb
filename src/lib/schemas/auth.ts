import { z } from 'zod';
import { emailField, isInvalidPhone, PASSWORD_MIN, requiredMessage, requiredText } from '@/lib/schemas/fields';

/** Password rules of the spec's section 5: at least 6 characters ('Invalid Password Length'). */
export const PASSWORD_MAX = 200;
const passwordField = (type = 'Password') =>
  z
    .string({ error: requiredMessage(type) })
    .min(1, requiredMessage(type))
    .min(PASSWORD_MIN, 'Invalid Password Length')
    .max(PASSWORD_MAX, `${type} must be at most ${PASSWORD_MAX} characters`);

/** A confirmation that must equal `password`, reported on the confirmation field. */
const matchingPasswords = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: "Password didn't match" });
  }
};

const confirmation = z.string({ error: requiredMessage('Confirm password') }).min(1, requiredMessage('Confirm password'));

/** Optional US-style phone (the spec's pattern); empty means none. */
const optionalPhone = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((p) => (p ? p : undefined))
  .refine((p) => p === undefined || !isInvalidPhone(p), 'Invalid phone number');

export const SignupSchema = z
  .object({
    name: requiredText('Name', 120),
    email: emailField(),
    phone: optionalPhone,
    password: passwordField(),
    password_confirmation: confirmation,
  })
  .superRefine(matchingPasswords);

export const SigninSchema = z.object({
  email: emailField(),
  // Length rules are not checked at sign-in: an old password must still be accepted.
  password: z
    .string({ error: requiredMessage('Password') })
    .min(1, requiredMessage('Password'))
    .max(PASSWORD_MAX),
});

const CODE = /^\d{6}$/;
const codeField = z
  .string({ error: requiredMessage('Code') })
  .trim()
  .min(1, requiredMessage('Code'))
  .regex(CODE, 'The code is the 6 digits from the email');

/** `user/verify {email, code}`, or `{email, resend: true}` for a new code. */
export const VerifySchema = z
  .object({
    email: emailField(),
    code: z.string().optional(),
    resend: z.union([z.boolean(), z.literal('1'), z.literal('true'), z.literal('')]).optional(),
  })
  .superRefine((v, ctx) => {
    if (isResend(v.resend)) return;
    const code = codeField.safeParse(v.code ?? '');
    if (!code.success) ctx.addIssue({ code: 'custom', path: ['code'], message: code.error.issues[0]!.message });
  })
  .transform((v) =>
    isResend(v.resend) ? { resend: true as const, email: v.email } : { resend: false as const, email: v.email, code: v.code!.trim() },
  );

function isResend(value: unknown): boolean {
  return value === true || value === '1' || value === 'true';
}

export const ForgotPasswordSchema = z.object({ email: emailField() });

/** `user/update-password`: a reset link's `token`, or the `email` and mailed `code`, plus the new password. */
export const UpdatePasswordSchema = z
  .object({
    token: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((t) => (t ? t : undefined)),
    email: z.string().optional(),
    code: z.string().optional(),
    password: passwordField(),
    password_confirmation: confirmation,
  })
  .superRefine((v, ctx) => {
    if (!v.token) {
      const email = emailField().safeParse(v.email ?? '');
      if (!email.success) ctx.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0]!.message });
      const code = codeField.safeParse(v.code ?? '');
      if (!code.success) ctx.addIssue({ code: 'custom', path: ['code'], message: code.error.issues[0]!.message });
    }
    matchingPasswords(v, ctx);
  })
  .transform((v) =>
    v.token
      ? { kind: 'token' as const, token: v.token, password: v.password }
      : { kind: 'code' as const, email: v.email!.trim().toLowerCase(), code: v.code!.trim(), password: v.password },
  );

export type SignupInput = z.infer<typeof SignupSchema>;
export type SigninInput = z.infer<typeof SigninSchema>;
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordSchema>;
