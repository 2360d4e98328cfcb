import { eq } from 'drizzle-orm';
import { languages } from '@/server/db/schema';
import type { Tx } from '@/server/db/client';
import { AppError } from '@/server/core/errors';
import { storedIn, writeIn } from '@/server/settings/stored';
import { getSettings } from '@/server/settings/index';
import { SettingsSchema } from '@/lib/schemas/settings';
import { getDb } from '@/server/db/client';
import type { NavigationInput, SiteSwitchesInput } from '@/lib/schemas/settings-admin';

/**
 * The settings screen's other pages: the header, footer and social link lists (`/admin/settings/links`) and the
 * site's switches and tags (`/admin/settings/site`): the payment heading, social sign-in buttons, analytics and tag
 * manager, the default language and those offered, and the operator's own scripts (the owner's alone: a script
 * runs in every shopper's browser; docs/decisions/0032). Each keeps the stored fields it does not edit.
 */
type Link = { title: string; slug: string; link: string };

export interface NavigationView {
  header_left: Link[];
  header_right: Link[];
  services: Link[];
  about: Link[];
  social: Link[];
}

export async function getNavigation(): Promise<NavigationView> {
  const s = await getSettings();
  return { header_left: s.header_links.left, header_right: s.header_links.right, services: s.services, about: s.about, social: s.social };
}

/** Replaces the five link lists in the caller's transaction; answers before and after. */
export async function saveNavigation(tx: Tx, input: NavigationInput): Promise<{ before: object; after: object }> {
  const before = {
    header_links: await storedIn(tx, 'header_links'),
    services: await storedIn(tx, 'services'),
    about: await storedIn(tx, 'about'),
    social: await storedIn(tx, 'social'),
  };
  const after = {
    header_links: SettingsSchema.shape.header_links.parse({ left: input.header_left, right: input.header_right }),
    services: SettingsSchema.shape.services.parse(input.services),
    about: SettingsSchema.shape.about.parse(input.about),
    social: SettingsSchema.shape.social.parse(input.social),
  };
  for (const [key, value] of Object.entries(after)) await writeIn(tx, key, value);
  return { before, after };
}

export interface SiteSwitchesView {
  payment_title: string;
  google_login: boolean;
  facebook_login: boolean;
  enable_ga: boolean;
  ga_id: string;
  enable_gtm: boolean;
  gtm_id: string;
  default_language: string;
  languages: { code: string; name: string; offered: boolean }[];
  custom_scripts: { src: string; everywhere: boolean }[];
}

export async function getSiteSwitches(): Promise<SiteSwitchesView> {
  const s = await getSettings();
  const rows = await getDb().select().from(languages).orderBy(languages.code);
  const fallback = rows.find((r) => r.isDefault)?.code ?? s.default_language;
  return {
    payment_title: s.payment.title,
    google_login: s.setting.google_login,
    facebook_login: s.setting.facebook_login,
    enable_ga: s.setting.enable_ga,
    ga_id: s.setting.ga_id,
    enable_gtm: s.setting.enable_gtm,
    gtm_id: s.setting.gtm_id,
    default_language: fallback,
    languages: rows.map((r) => ({ code: r.code, name: r.name, offered: r.status === 1 })),
    custom_scripts: s.custom_scripts.map((c) => ({ src: c.src, everywhere: c.everywhere })),
  };
}

/** Saves the switches in the caller's transaction; the scripts change only when sent, and only by the owner. */
export async function saveSiteSwitches(tx: Tx, input: SiteSwitchesInput, isOwner: boolean): Promise<{ before: object; after: object }> {
  const rows = await tx.select().from(languages).for('update');
  const known = new Set(rows.map((r) => r.code));
  const unknown = input.languages.find((code) => !known.has(code));
  if (unknown)
    throw new AppError({
      code: 'VALIDATION',
      message: 'backoffice.siteSettings.unknownLanguage',
      vars: { code: unknown },
      details: { fields: { languages: 'backoffice.siteSettings.unknownLanguage' } },
    });
  const storedScripts = SettingsSchema.shape.custom_scripts.parse((await storedIn(tx, 'custom_scripts')) ?? []);
  const scripts = input.custom_scripts ?? storedScripts;
  if (input.custom_scripts !== undefined && !isOwner && JSON.stringify(scripts) !== JSON.stringify(storedScripts))
    throw new AppError({ code: 'FORBIDDEN', message: 'backoffice.siteSettings.ownerScripts' });
  const setting = ((await storedIn(tx, 'setting')) ?? {}) as Record<string, unknown>;
  const payment = ((await storedIn(tx, 'payment')) ?? {}) as Record<string, unknown>;
  const before = {
    setting: { google_login: setting.google_login, facebook_login: setting.facebook_login, enable_ga: setting.enable_ga, ga_id: setting.ga_id, enable_gtm: setting.enable_gtm, gtm_id: setting.gtm_id },
    payment_title: payment.title,
    default_language: await storedIn(tx, 'default_language'),
    languages: rows.filter((r) => r.status === 1).map((r) => r.code).sort(),
    custom_scripts: storedScripts,
  };
  const nextSetting = SettingsSchema.shape.setting.parse({
    ...setting,
    google_login: input.google_login,
    facebook_login: input.facebook_login,
    enable_ga: input.enable_ga,
    ga_id: input.ga_id,
    enable_gtm: input.enable_gtm,
    gtm_id: input.gtm_id,
  });
  await writeIn(tx, 'setting', nextSetting);
  await writeIn(tx, 'payment', SettingsSchema.shape.payment.parse({ ...payment, title: input.payment_title }));
  await writeIn(tx, 'default_language', input.default_language);
  await writeIn(tx, 'custom_scripts', scripts);
  for (const r of rows) {
    const offered = input.languages.includes(r.code);
    const isDefault = r.code === input.default_language;
    if ((r.status === 1) !== offered || r.isDefault !== isDefault)
      await tx.update(languages).set({ status: offered ? 1 : 0, isDefault }).where(eq(languages.code, r.code));
  }
  return {
    before,
    after: {
      setting: { google_login: input.google_login, facebook_login: input.facebook_login, enable_ga: input.enable_ga, ga_id: input.ga_id, enable_gtm: input.enable_gtm, gtm_id: input.gtm_id },
      payment_title: input.payment_title,
      default_language: input.default_language,
      languages: [...input.languages].sort(),
      custom_scripts: scripts,
    },
  };
}
