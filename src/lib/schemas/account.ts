import { z } from 'zod';
import { MAX_DB_INT, PASSWORD_MIN, PHONE_PATTERN, emailField, optionalText, requiredText } from '@/lib/schemas/fields';

/** The spec's image rule (section 5): jpeg or png, at most 1000 KB. */
export const IMAGE_MAX_KB = 1000;
export const IMAGE_MESSAGE = `Supported images: jpg, png (Max size: ${IMAGE_MAX_KB}kb)`;
export const INVALID_PHONE = 'Invalid phone number';
/** What a person without a password types to confirm deleting the account. */
export const DELETE_WORD = 'DELETE';

const phoneField = (type = 'Phone') => requiredText(type, 40).regex(PHONE_PATTERN, INVALID_PHONE);
const optionalPhone = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || PHONE_PATTERN.test(v), INVALID_PHONE);

/** A checkbox or JSON flag: "on", "1", "true", true. */
const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => v === true || v === 1 || v === 'on' || v === '1' || v === 'true');

export const AddressKindSchema = z.enum(['shipping', 'billing'], { error: 'Address type must be shipping or billing' });

/** An address as DESIGN.md sends it: `{name, email, phone, country, state, city, zip, address_1, address_2}`. */
export const AddressSchema = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  phone: phoneField(),
  country: requiredText('Country', 8).transform((c) => c.toUpperCase()),
  /** Required when the country has states; the service checks it against the country's list. */
  state: optionalText('State', 16).optional().default(''),
  city: requiredText('City', 120),
  zip: requiredText('Zip code', 20),
  address_1: requiredText('Address', 300),
  address_2: optionalText('Address line 2', 300).optional().default(''),
  kind: AddressKindSchema.optional().default('shipping'),
  is_default: flag,
});
export type AddressInput = z.infer<typeof AddressSchema>;

export const ProfileSchema = z.object({
  name: requiredText('Name', 120),
  phone: optionalPhone,
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

const password = (type: string) =>
  z
    .string({ error: `${type} is required` })
    .min(1, `${type} is required`)
    .min(PASSWORD_MIN, 'Invalid Password Length')
    .max(200, 'Invalid Password Length');

export const PasswordChangeSchema = z
  .object({
    current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    password: password('Password'),
    password_confirmation: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required'),
  })
  .refine((v) => v.password === v.password_confirmation, { message: "Password didn't match", path: ['password_confirmation'] });
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;

/** Deleting the account: the password, or the typed word for accounts without one. */
export const DeleteAccountSchema = z.object({
  password: z.string().optional().default(''),
  confirm: z.string().trim().optional().default(''),
});

export const FollowSchema = z.object({
  store_id: z.coerce
    .number({ error: 'Store is required' })
    .int('Store is required')
    .positive('Store is required')
    .max(MAX_DB_INT, 'Store is required'),
  /** Absent: toggle. */
  follow: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === '1' || v === 'true')),
});

/** A positive integer id from a path segment or form field. */
export const IdSchema = z.coerce.number({ error: 'Not found' }).int().positive().max(MAX_DB_INT);
