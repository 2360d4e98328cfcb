import { z } from 'zod';
import { sameOriginPath } from '@/lib/social';

/** Query of GET /api/v1/user/social-login/redirect. */
export const SocialRedirectQuerySchema = z.object({
  provider: z.enum(['google', 'facebook'], { error: 'Choose Google or Facebook to sign in.' }),
  redirect: z
    .string()
    .optional()
    .transform((v) => sameOriginPath(v) ?? '/'),
});

export type SocialRedirectQuery = z.infer<typeof SocialRedirectQuerySchema>;
