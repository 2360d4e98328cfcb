import { eq } from 'drizzle-orm';
import type { Actor } from '@/server/core/actor';
import { AppError } from '@/server/core/errors';
import { announceChange } from '@/server/core/invalidation';
import { getDb, type Tx } from '@/server/db/client';
import { languages, settings as settingsTable, users } from '@/server/db/schema';
import { SettingsSchema, type Settings } from '@/lib/schemas/settings';
import type { OperatorInput } from '@/lib/schemas/install';
import { hashPassword } from '@/server/auth/passwords';
import { startSession } from '@/server/auth/auth';
import { DEMO_SETTINGS, LANGUAGES } from '@/server/demo/data/settings';
import { fileOf, readImageUpload } from '@/server/uploads/images';
import { removeUpload, saveLogo } from '@/server/uploads/storage';
import { operatorCreated, requireStep } from '@/server/install/wizard';

/** The settings fields the operator chose in step 4; loading the demo shop afterwards keeps them. */
const SETTING_FIELDS = ['currency', 'currency_icon', 'currency_position'] as const;
const SITE_FIELDS = ['site_name', 'header_logo', 'primary_color', 'primary_hover_color', 'copyright_text'] as const;

async function storedSettings(tx: Tx): Promise<Settings> {
  const rows = await tx.select().from(settingsTable);
  return SettingsSchema.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

async function put(tx: Tx, key: string, value: unknown): Promise<void> {
  await tx
    .insert(settingsTable)
    .values({ key, value })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: new Date() } });
}

/** The shop's languages (English, Arabic, French) with the chosen one as the default. */
async function setDefaultLanguage(tx: Tx, code: string): Promise<void> {
  await tx.insert(languages).values(LANGUAGES).onConflictDoNothing();
  await tx.update(languages).set({ isDefault: false });
  await tx.update(languages).set({ isDefault: true, status: 1 }).where(eq(languages.code, code));
  await put(tx, 'default_language', code);
}

/**
 * Step 4: creates the operator's account (e-mail confirmed: they proved who they are with the setup
 * token) and writes the shop's name, logo, colours, currency and language, in one transaction; then
 * signs the operator in. Returns the session token for the cookie.
 */
export async function createOperator(input: OperatorInput, actor: Omit<Actor, 'user'>): Promise<{ token: string; userId: number }> {
  requireStep('account');
  const file = fileOf(input.logo);
  const logo = file ? await readImageUpload(file).catch(() => Promise.reject(logoError())) : null;
  const logoUrl = logo ? await saveLogo(logo.bytes, logo.type).catch(() => Promise.reject(logoError())) : null;
  const passwordHash = await hashPassword(input.password);
  let userId: number;
  try {
    userId = await getDb().transaction(async (tx) => {
      const taken = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (taken.length) throw new AppError({ code: 'CONFLICT', message: 'This email is already used by an account of this shop.' });
      const [row] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, emailVerifiedAt: new Date(), roles: ['owner'] })
        .returning({ id: users.id });
      const current = await storedSettings(tx);
      await put(tx, 'setting', {
        ...current.setting,
        currency: input.currency,
        currency_icon: input.currency_icon,
        currency_position: input.currency_position,
      });
      await put(tx, 'site_setting', {
        ...current.site_setting,
        site_name: input.site_name,
        copyright_text: `${input.site_name}. All rights reserved.`,
        primary_color: input.primary_color.toLowerCase(),
        primary_hover_color: input.primary_hover_color.toLowerCase(),
        ...(logoUrl ? { header_logo: logoUrl } : {}),
      });
      await setDefaultLanguage(tx, input.default_language);
      return row!.id;
    });
  } catch (err) {
    await removeUpload(logoUrl);
    throw err;
  }
  await announceChange('settings');
  operatorCreated(userId);
  const { token } = await startSession(userId, actor);
  return { token, userId };
}

const logoError = () =>
  new AppError({
    code: 'VALIDATION',
    message: 'The logo must be a JPEG or PNG image of at most 1000 KB.',
    details: { fields: { logo: 'The logo must be a JPEG or PNG image of at most 1000 KB.' } },
  });

/**
 * After the demo shop was loaded into a shop whose settings step 4 had written: the demo's other
 * settings (contact details, banners' texts…) with the operator's own choices on top.
 */
export async function keepOperatorChoices(): Promise<void> {
  await getDb().transaction(async (tx) => {
    const current = await storedSettings(tx);
    const pick = <T extends object, K extends keyof T>(from: T, keys: readonly K[]) =>
      Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;
    await put(tx, 'setting', { ...DEMO_SETTINGS.setting, ...pick(current.setting, SETTING_FIELDS) });
    await put(tx, 'site_setting', { ...DEMO_SETTINGS.site_setting, ...pick(current.site_setting, SITE_FIELDS) });
  });
  await announceChange('settings');
}
