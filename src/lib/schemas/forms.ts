import { z } from 'zod';
import { emailField, requiredText } from '@/lib/schemas/fields';

export const NewsletterSchema = z.object({ email: emailField() });

export const ContactSchema = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  subject: requiredText('Subject', 200),
  message: requiredText('Message', 5000, { multiline: true }),
});

export type ContactInput = z.infer<typeof ContactSchema>;
