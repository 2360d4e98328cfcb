import { z } from 'zod';

/** A standard email pattern (the spec's section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** US-style phone: (555) 123-4567, 555-123-4567, +1 555 123 4567. */
export const PHONE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const PASSWORD_MIN = 6;

/** The spec's '{type} is required'. */
export const requiredMessage = (type: string) => `${type} is required`;

/** The largest whole number the database stores (PostgreSQL `integer`): ids, quantities, prices in cents. */
export const MAX_DB_INT = 2_147_483_647;

/** A record id from JSON or a form field: a whole number 1…MAX_DB_INT. */
export const recordId = (type: string) =>
  z.coerce
    .number({ error: `${type} must be a number` })
    .int(`${type} must be a whole number`)
    .min(1, `${type} must be a whole number`)
    .max(MAX_DB_INT, `${type} must be a whole number`);

const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The shared safe-text rule for every text we store: no control characters (a NUL byte is refused by
 * PostgreSQL, the others are never typed by a person) and no broken UTF-16; tabs and line breaks only
 * where a text may span lines (a message).
 */
export const isSafeText = (text: string, multiline = false) =>
  !CONTROL_CHARS.test(text) && !LONE_SURROGATE.test(text) && (multiline || !LINE_BREAKS_AND_TABS.test(text));
export const unsafeTextMessage = (type: string) =>
  `${type} contains characters that cannot be saved (control characters such as a NUL byte). Please remove them and try again.`;

/** An optional stored text: trimmed, at most `max` characters, safe (isSafeText); empty is ''. */
export const optionalText = (type: string, max: number) =>
  z
    .string({ error: `${type} must be text` })
    .trim()
    .max(max, `${type} must be at most ${max} characters`)
    .refine((v) => isSafeText(v), unsafeTextMessage(type));

/** A trimmed, required text field whose empty message names the field; safe text (isSafeText). */
export const requiredText = (type: string, max = 500, opts: { multiline?: boolean } = {}) =>
  z
    .string({ error: requiredMessage(type) })
    .trim()
    .min(1, requiredMessage(type))
    .max(max, `${type} must be at most ${max} characters`)
    .refine((v) => isSafeText(v, opts.multiline), unsafeTextMessage(type));

export const emailField = (type = 'Email') =>
  requiredText(type, 254)
    .regex(EMAIL_PATTERN, 'Invalid email')
    .transform((e) => e.toLowerCase());

/** The spec's phone check is written inverted (true means invalid); this is the plain reading. */
export const isInvalidPhone = (phone: string) => !PHONE_PATTERN.test(phone.trim());
