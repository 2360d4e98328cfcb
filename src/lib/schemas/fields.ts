import { z } from 'zod';

/** A standard email pattern (the spec's section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** US-style phone: (555) 123-4567, 555-123-4567, +1 555 123 4567. */
export const PHONE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const PASSWORD_MIN = 6;

/** The spec's '{type} is required'. */
export const requiredMessage = (type: string) => `${type} is required`;

/** A trimmed, required text field whose empty message names the field. */
export const requiredText = (type: string, max = 500) =>
  z
    .string({ error: requiredMessage(type) })
    .trim()
    .min(1, requiredMessage(type))
    .max(max, `${type} must be at most ${max} characters`);

export const emailField = (type = 'Email') =>
  requiredText(type, 254).regex(EMAIL_PATTERN, 'Invalid email').transform((e) => e.toLowerCase());

/** The spec's phone check is written inverted (true means invalid); this is the plain reading. */
export const isInvalidPhone = (phone: string) => !PHONE_PATTERN.test(phone.trim());
