import { z } from 'zod';
import { checkbox } from '@/lib/schemas/content-admin';

/**
 * The settings screen's pictures and footer (issue 34): the header logo and the footer's payment picture, uploaded
 * (multipart), and the categories the footer lists. Messages are keys of content-admin2.json.
 */

/** `POST api/v1/admin/settings/pictures`: a new file replaces the picture; a ticked reset brings back the shop's own. */
export const SitePicturesSchema = z.object({
  header_logo: z.unknown().optional(),
  payment_image: z.unknown().optional(),
  reset_logo: checkbox,
  reset_payment: checkbox,
});
export type SitePicturesInput = z.output<typeof SitePicturesSchema>;

const MAX_DB_INT = 2_147_483_647;

/** Ticked boxes (one value, several, or a list in JSON) as ids; anything else is refused. */
const ticked = (message: string) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .optional()
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]).map((x) => Number(x));
      if (parts.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_DB_INT)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(parts)];
    });

/** `POST api/v1/admin/settings/footer`: the categories and sub-categories the footer lists (the others are not). */
export const FooterCategoriesSchema = z.object({
  categories: ticked('backoffice.footerCategories.badIds'),
  sub_categories: ticked('backoffice.footerCategories.badIds'),
});
export type FooterCategoriesInput = z.output<typeof FooterCategoriesSchema>;
