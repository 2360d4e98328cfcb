import { z } from 'zod';
import { emailField, PASSWORD_MIN, requiredMessage, requiredText } from '@/lib/schemas/fields';

/** The install wizard's forms (docs/decisions/0019): what an operator types, with the messages they read. */

/** Step 2: `embedded`, or `postgres` with a URL. */
export const SetDatabaseSchema = z
  .object({
    kind: z.enum(['embedded', 'postgres'], { error: 'Choose the embedded database or PostgreSQL' }),
    database_url: z.string().trim().max(2000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'postgres' && !v.database_url)
      ctx.addIssue({ code: 'custom', path: ['database_url'], message: requiredMessage('PostgreSQL URL') });
  });

const COLOR = /^#[0-9a-fA-F]{6}$/;
const color = (type: string) => z.string().trim().regex(COLOR, `${type} must be a colour such as #0b7a5c`);

/** The languages the shop's interface ships (src/i18n/locales). */
export const INSTALL_LANGUAGES = ['en', 'ar', 'fr'] as const;

/** Step 4: the operator's account and the shop's name, logo, colours, currency and language. */
export const OperatorSchema = z
  .object({
    name: requiredText('Name', 120),
    email: emailField(),
    password: z
      .string({ error: requiredMessage('Password') })
      .min(1, requiredMessage('Password'))
      .min(PASSWORD_MIN, 'Invalid Password Length')
      .max(200, 'Password must be at most 200 characters'),
    password_confirmation: z.string({ error: requiredMessage('Confirm password') }).min(1, requiredMessage('Confirm password')),
    site_name: requiredText('Shop name', 80),
    primary_color: color('Primary colour'),
    primary_hover_color: color('Hover colour'),
    currency: z
      .string({ error: requiredMessage('Currency') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as USD'),
    currency_icon: requiredText('Currency symbol', 5),
    currency_position: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'Choose where the currency symbol goes' })),
    default_language: z.enum(INSTALL_LANGUAGES, { error: 'Choose one of the offered languages' }),
    /** The logo file (multipart); optional: the Voltmart logo stays otherwise. */
    logo: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation)
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: "Password didn't match" });
  });

export type OperatorInput = z.output<typeof OperatorSchema>;

/** Step 5: load the demo shop or start empty. */
export const FinishSchema = z.object({
  demo: z
    .union([z.boolean(), z.enum(['1', '0', 'on', 'true', 'false', ''])])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'on' || v === 'true'),
});

/** Step 1: the setup token printed on the server's console. */
export const SetupTokenSchema = z.object({
  setup_token: z
    .string({ error: requiredMessage('Setup token') })
    .trim()
    .min(1, requiredMessage('Setup token'))
    .max(200),
});
