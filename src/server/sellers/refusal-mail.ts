import { getT } from '@/i18n';
import { sendMail } from '@/server/mail/index';
import { plainMail } from '@/server/content/mails';
import { getSettings } from '@/server/settings';
import type { Actor } from '@/server/core/actor';
import type { ApplicationRow } from '@/server/sellers/manage';

/** Tells an applicant their application was refused, and why (the shop's language). Never throws. */
export async function mailRefusal(application: ApplicationRow, reason: string, actor: Pick<Actor, 'siteName'>): Promise<boolean> {
  const t = await getT((await getSettings()).default_language);
  return sendMail(
    plainMail({
      to: application.email,
      subject: t('backoffice.sellers.mail.subject', { site: actor.siteName, shop: application.shop_name }),
      paragraphs: [
        t('backoffice.sellers.mail.hello', { name: application.name }),
        t('backoffice.sellers.mail.text', { shop: application.shop_name, site: actor.siteName }),
        t('backoffice.sellers.mail.reason', { reason }),
        t('backoffice.sellers.mail.again'),
      ],
      footer: actor.siteName,
    }),
  );
}
