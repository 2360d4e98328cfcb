import type { TFunction } from 'i18next';
import type { Settings } from '@/lib/schemas/settings';
import { blogUrl, discoverUrl, homeUrl, pageUrl, trackOrderUrl } from '@/lib/urls';

export interface MenuLink {
  href: string;
  label: string;
  external?: boolean;
}

/** The Support dropdown: product authentication (when set), tracking, FAQ, policies, blogs. */
export function supportLinks(t: TFunction, settings: Settings): MenuLink[] {
  const auth = settings.setting.product_authentication_url;
  return [
    ...(auth ? [{ href: auth, label: t('shell.productAuthentication'), external: true }] : []),
    { href: trackOrderUrl(), label: t('shell.productTracking') },
    { href: pageUrl('faq'), label: t('shell.faq') },
    { href: pageUrl('privacy-policy'), label: t('shell.privacyPolicy') },
    { href: pageUrl('terms-and-conditions'), label: t('shell.terms') },
    { href: pageUrl('return-and-refund'), label: t('shell.returnRefund') },
    { href: pageUrl('warranty-policy'), label: t('shell.warranty') },
    { href: blogUrl(), label: t('shell.blogs') },
  ];
}

/** The plain top-level entries around the Categories and Support dropdowns. */
export const homeLink = (t: TFunction): MenuLink => ({ href: homeUrl(), label: t('common.home') });
export const productsLink = (t: TFunction): MenuLink => ({ href: discoverUrl(), label: t('header.products') });
export const contactLink = (t: TFunction): MenuLink => ({ href: pageUrl('contact'), label: t('header.contactUs') });
