import { getT } from '@/i18n';
import { sendMail } from '@/server/mail/index';
import { plainMail } from '@/server/content/mails';
import { getSettings } from '@/server/settings';
import type { Actor } from '@/server/core/actor';
import type { ApplicationRow, StoreRow } from '@/server/sellers/manage';

/** Mails of the operator's decisions on sellers and stores, in the shop's language. */

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

/** Tells a store's address that the operator suspended (with the reason) or reinstated it. Never throws. */
export async function mailStoreState(store: StoreRow, reason: string | null, actor: Pick<Actor, 'siteName'>): Promise<boolean> {
  if (!store.email) return false;
  const t = await getT((await getSettings()).default_language);
  const suspended = store.status === 'suspended';
  return sendMail(
    plainMail({
      to: store.email,
      subject: t(suspended ? 'backoffice.sellers.mail.suspendedSubject' : 'backoffice.sellers.mail.reinstatedSubject', {
        site: actor.siteName,
        store: store.name,
      }),
      paragraphs: [
        t(suspended ? 'backoffice.sellers.mail.suspendedText' : 'backoffice.sellers.mail.reinstatedText', { store: store.name }),
        ...(reason ? [t('backoffice.sellers.mail.reason', { reason })] : []),
      ],
      footer: actor.siteName,
    }),
  );
}
