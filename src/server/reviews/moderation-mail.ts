import { getT } from '@/i18n';
import { queueMail } from '@/server/mail/index';
import type { Tx } from '@/server/db/client';
import { shopLanguage } from '@/server/orders/status-email';
import { plainMail } from '@/server/content/mails';
import { productUrl } from '@/lib/urls';
import type { Actor } from '@/server/core/actor';
import type { ModeratedReview } from '@/server/reviews/manage';

/**
 * Tells a review's author that a moderator hid or showed it again, with the reason. In the shop's language (the
 * author's is not known); queued in the moderation's transaction (the outbox).
 */
export async function mailReviewAuthor(
  tx: Tx,
  review: ModeratedReview,
  reason: string,
  actor: Pick<Actor, 'origin' | 'siteName'>,
): Promise<boolean> {
  if (!review.author_email) return false;
  const t = await getT(await shopLanguage(tx));
  const hidden = review.status === 'hidden';
  const link = `${actor.origin}${productUrl({ slug: review.product_slug })}`;
  await queueMail(
    tx,
    plainMail({
      to: review.author_email,
      subject: t(hidden ? 'backoffice.moderation.mail.hiddenSubject' : 'backoffice.moderation.mail.shownSubject', {
        site: actor.siteName,
        product: review.product_title,
      }),
      paragraphs: [
        t('backoffice.moderation.mail.hello', { name: review.author }),
        t(hidden ? 'backoffice.moderation.mail.hiddenText' : 'backoffice.moderation.mail.shownText', { product: review.product_title }),
        ...(reason ? [t('backoffice.moderation.mail.reason', { reason })] : []),
        review.review,
      ].filter(Boolean),
      link: { href: link, label: t('backoffice.moderation.mail.view') },
      footer: actor.siteName,
    }),
  );
  return true;
}
