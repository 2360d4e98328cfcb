import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { settings } from '@/server/db/schema';
import { account, api, auditSince, lastAuditId, type Account } from './backoffice-fixtures';

/** The shop's settings screen (issue 34): name, contact, colours with a contrast check, currency display; `common` follows at once. */
useTestDatabase({ demo: true });

let owner: Account;
let contentOnly: Account;
beforeAll(async () => {
  owner = await account(['owner']);
  contentOnly = await account(['staff'], ['update:content']);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as { status: number; message: string; data: any };
const common = async () => (await json(await api('/api/v1/common', null))).data;

const valid = {
  site_name: 'Circuit Bazaar',
  copyright_text: 'Circuit Bazaar Ltd.',
  meta_description: 'Electronics from many stores.',
  primary_color: '#1D4ED8',
  primary_hover_color: '#1e3a8a',
  phone: '+1 555 0100',
  email: 'Hello@Circuit.example',
  address: '1 Main Street',
  currency: 'eur',
  currency_icon: '€',
  currency_position: '2',
  decimal_format: 'fr-FR',
  vendor_registration: '',
  cookie_banner: '1',
};

describe('shop settings', () => {
  it('a change from the screen appears in common at once, keeping the other stored fields; it is audited', async () => {
    const before = await common();
    expect(before.site_setting.site_name).not.toBe('Circuit Bazaar');
    const mark = await lastAuditId();
    const res = await api('/api/v1/admin/settings', owner, { body: valid });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await common();
    expect(after.site_setting).toMatchObject({ site_name: 'Circuit Bazaar', primary_color: '#1d4ed8', primary_hover_color: '#1e3a8a' });
    expect(after.setting).toMatchObject({
      currency: 'EUR',
      currency_icon: '€',
      currency_position: 2,
      decimal_format: 'fr-FR',
      email: 'hello@circuit.example',
      vendor_registration: false,
      cookie_banner: true,
    });
    // Fields the screen does not edit are kept.
    expect(after.site_setting.header_logo).toBe(before.site_setting.header_logo);
    expect(after.setting.default_country).toBe(before.setting.default_country);
    const audit = await auditSince(mark);
    expect(audit.map((a) => [a.action, a.entity])).toContainEqual(['settings.save', 'settings']);
  });

  it('refuses a primary colour whose white button text fails WCAG AA, saying its ratio; nothing changes', async () => {
    const [stored] = await getDb().select().from(settings).where(eq(settings.key, 'site_setting'));
    const res = await api('/api/v1/admin/settings', owner, { body: { ...valid, primary_color: '#f5d547' } });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.message).toMatch(
      /^The colour #f5d547 has a contrast of only 1\.\d\d to 1 with the buttons' white text; WCAG AA needs at least 4\.5 to 1/,
    );
    const [still] = await getDb().select().from(settings).where(eq(settings.key, 'site_setting'));
    expect(still!.value).toEqual(stored!.value);
    const fr = await json(
      await api('/api/v1/admin/settings', owner, { body: { ...valid, primary_hover_color: '#ffffff' }, headers: { language: 'fr' } }),
    );
    expect(fr.message).toContain('WCAG AA demande au moins 4,5 pour 1');
  });

  it('refuses a bad currency and number format in words; staff without the settings permission get 403', async () => {
    const res = await api('/api/v1/admin/settings', owner, { body: { ...valid, currency: 'euro', decimal_format: 'french' } });
    expect(res.status).toBe(422);
    const text = JSON.stringify(await json(res));
    expect(text).toContain('The currency is a three-letter code such as USD or EUR');
    expect(text).toContain('The number format is a locale such as en-US or fr-FR');
    expect((await api('/api/v1/admin/settings', contentOnly, { body: valid })).status).toBe(403);
  });
});
