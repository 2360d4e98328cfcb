import { getT } from '@/i18n';
import { queueMail } from '@/server/mail/index';
import type { Tx } from '@/server/db/client';
import { shopLanguage } from '@/server/orders/status-email';
import { plainMail } from '@/server/content/mails';
import type { Actor } from '@/server/core/actor';
import type { ApplicationRow, StoreRow } from '@/server/sellers/manage';

/** Mails of the operator's decisions on sellers and stores, in the shop's language. */

/** Tells an applicant their application was refused, and why (the shop's language); queued in the refusal's transaction. */
export async function mailRefusal(tx: Tx, application: ApplicationRow, reason: string, actor: Pick<Actor, 'siteName'>): Promise<boolean> {
  const t = await getT(await shopLanguage(tx));
  await queueMail(
    tx,
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
  return true;
}

/** Tells a store's address that the operator suspended (with the reason) or reinstated it; queued in the change's transaction. */
export async function mailStoreState(tx: Tx, store: StoreRow, reason: string | null, actor: Pick<Actor, 'siteName'>): Promise<boolean> {
  if (!store.email) return false;
  const t = await getT(await shopLanguage(tx));
  const suspended = store.status === 'suspended';
  await queueMail(
    tx,
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
  return true;
}
