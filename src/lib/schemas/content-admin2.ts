import { z } from 'zod';
import { BANNER_SOURCES, checkbox } from '@/lib/schemas/content-admin';

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

const noticeLink = z
  .string()
  .trim()
  .max(500, 'A link is at most 500 characters')
  .optional()
  .default('')
  .refine(
    (v) => v === '' || /^\/(?!\/)[^\s<>"']*$/.test(v) || /^https:\/\/[a-z0-9.-]+(?::\d+)?(\/[^\s<>"']*)?$/i.test(v),
    'A link is an address on the shop such as /page/about, or one starting with https://',
  );
const noticeTitle = z.string().trim().max(200, 'backoffice.notices.titleTooLong').optional().default('');

/**
 * `POST api/v1/admin/settings/notices` (multipart): the top banner (`top_…`) and the popup banner (`popup_…`) — shown
 * or not, title, link, closable, a picture (a new file replaces it, `…_remove_image` takes it away) and `…_again`,
 * which shows it again to shoppers who closed it.
 */
const noticeSourceType = z.coerce
  .number({ error: 'backoffice.notices.badSource' })
  .int('backoffice.notices.badSource')
  .refine((v) => (BANNER_SOURCES as readonly number[]).includes(v), 'backoffice.notices.badSource')
  .optional()
  .default(6);
const noticeSourceValue = z.string().trim().max(1000, 'backoffice.notices.sourceTooLong').optional().default('');

export const NoticesSchema = z
  .object({
    top_shown: checkbox,
    top_title: noticeTitle,
    top_url: noticeLink,
    top_source_type: noticeSourceType,
    top_source_value: noticeSourceValue,
    top_closable: checkbox,
    top_image: z.unknown().optional(),
    top_remove_image: checkbox,
    top_again: checkbox,
    popup_shown: checkbox,
    popup_title: noticeTitle,
    popup_url: noticeLink,
    popup_source_type: noticeSourceType,
    popup_source_value: noticeSourceValue,
    popup_closable: checkbox,
    popup_image: z.unknown().optional(),
    popup_remove_image: checkbox,
    popup_again: checkbox,
  })
  .superRefine((n, ctx) => {
    // A banner that leads to categories, sub-categories, tags, brands or products names them by id or slug.
    for (const which of ['top', 'popup'] as const) {
      const value = n[`${which}_source_value`];
      if (n[`${which}_source_type`] !== 6 && !/^[a-z0-9-]+(,[a-z0-9-]+)*$/i.test(value))
        ctx.addIssue({ code: 'custom', message: 'List ids or slugs separated by commas, e.g. 3,7', path: [`${which}_source_value`] });
    }
  });
export type NoticesInput = z.output<typeof NoticesSchema>;

/** `POST api/v1/admin/payments/methods`: the payment methods (1–8) offered at checkout; the others are switched off. */
export const PaymentMethodsSchema = z.object({
  offered: ticked('backoffice.paymentMethods.badMethod').refine((v) => v.every((m) => m <= 8), 'backoffice.paymentMethods.badMethod'),
});
export type PaymentMethodsInput = z.output<typeof PaymentMethodsSchema>;

/** `POST api/v1/admin/subscribers/newsletter`: a newsletter issue (blank lines separate paragraphs), as `newsletter:send` sends it. */
export const NewsletterSendSchema = z.object({
  subject: z
    .string({ error: 'backoffice.newsletterSend.subjectNeeded' })
    .trim()
    .min(1, 'backoffice.newsletterSend.subjectNeeded')
    .max(200, 'backoffice.newsletterSend.subjectLong'),
  text: z
    .string({ error: 'backoffice.newsletterSend.textNeeded' })
    .max(50_000, 'backoffice.newsletterSend.textLong')
    .transform((v) =>
      v
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .refine((v) => v.length > 0, 'backoffice.newsletterSend.textNeeded'),
});
export type NewsletterSendInput = z.output<typeof NewsletterSendSchema>;
