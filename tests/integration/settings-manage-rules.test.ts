import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { clearMemos } from '@/server/core/memo';
import { getSettings } from '@/server/settings/index';
import { storedObjectIn, writeIn } from '@/server/settings/stored';
import { getShopSettings, saveShopSettings } from '@/server/settings/manage';
import type { ShopSettingsInput } from '@/lib/schemas/content-admin';
import { failure } from './cart-fixtures';

/**
 * settings/manage.ts called directly (issue 38, docs/mutation-testing.md run V5): what the operator's settings
 * screen shows on an empty shop, what saving writes (and keeps), and the contrast refusal in the operator's words.
 */
useTestDatabase();

const input = (over: Partial<ShopSettingsInput> = {}): ShopSettingsInput => ({
  site_name: 'Ohm Outlet',
  copyright_text: 'Ohm Outlet Ltd.',
  meta_description: 'Plugs and cables',
  primary_color: '#1d4ed8',
  primary_hover_color: '#767676',
  phone: '+1 555 0100',
  email: 'shop@ohm.example',
  address: '1 Volt Road',
  currency: 'EUR',
  currency_icon: '€',
  currency_position: 2,
  decimal_format: 'fr-FR',
  vendor_registration: false,
  cookie_banner: false,
  ...over,
});

const save = (i: ShopSettingsInput) => getDb().transaction((tx) => saveShopSettings(tx, i));
const stored = (key: string) => getDb().transaction((tx) => storedObjectIn(tx, key));

describe('the settings screen', () => {
  it("shows the spec's defaults on an empty shop, with the buttons' contrast to white", async () => {
    clearMemos();
    expect(await getShopSettings()).toEqual({
      site_name: 'Voltmart',
      copyright_text: 'Voltmart. All rights reserved.',
      meta_description: 'Chargers, power banks, cables, smart scales and toys from independent electronics stores.',
      primary_color: '#0b7a5c',
      primary_hover_color: '#086149',
      phone: '',
      email: '',
      address: '',
      currency: 'USD',
      currency_icon: '$',
      currency_position: 1,
      decimal_format: 'en-US',
      vendor_registration: true,
      cookie_banner: true,
      contrast: { primary: 5.31, hover: 7.45 },
    });
  });

  it('saves every field of the screen, keeps every other stored field, and answers before and after', async () => {
    await getDb().transaction(async (tx) => {
      await writeIn(tx, 'setting', { unpaid_order_minutes: 45, phone: '+1 000' });
      await writeIn(tx, 'site_setting', { site_name: 'Old name', footer_note: 'kept' });
    });
    const { before, after } = await save(input());
    expect(before).toEqual({
      site_setting: { site_name: 'Old name', footer_note: 'kept' },
      setting: { unpaid_order_minutes: 45, phone: '+1 000' },
    });
    expect(after).toMatchObject({
      site_setting: {
        site_name: 'Ohm Outlet',
        copyright_text: 'Ohm Outlet Ltd.',
        meta_description: 'Plugs and cables',
        primary_color: '#1d4ed8',
        primary_hover_color: '#767676',
      },
      setting: {
        unpaid_order_minutes: 45,
        phone: '+1 555 0100',
        email: 'shop@ohm.example',
        address: '1 Volt Road',
        currency: 'EUR',
        currency_icon: '€',
        currency_position: 2,
        decimal_format: 'fr-FR',
        vendor_registration: false,
        cookie_banner: false,
      },
    });
    expect(await stored('setting')).toEqual((after as { setting: object }).setting);
    expect(await stored('site_setting')).toEqual((after as { site_setting: object }).site_setting);
    clearMemos();
    expect((await getSettings()).setting.unpaid_order_minutes).toBe(45);
    const { contrast, ...shown } = await getShopSettings();
    expect(shown).toEqual(input());
    expect(contrast).toEqual({ primary: 6.7, hover: 4.54 });
  });
});

describe('a button colour white text cannot be read on', () => {
  it('is refused with its ratio and what to do, naming the field, and nothing is saved', async () => {
    const before = await stored('site_setting');
    const cases: [Partial<ShopSettingsInput>, string, string, string][] = [
      [{ primary_color: '#ffff00' }, 'primary_color', '#ffff00', '1.07'],
      [{ primary_hover_color: '#777777' }, 'primary_hover_color', '#777777', '4.47'],
      [{ primary_color: 'red' }, 'primary_color', 'red', '0.00'],
    ];
    for (const [over, field, color, ratio] of cases) {
      const err = await failure(save(input({ site_name: 'Never saved', ...over })));
      const message = `The colour ${color} has a contrast of only ${ratio} to 1 with the buttons' white text; WCAG AA needs at least 4.5 to 1. Choose a darker colour.`;
      expect([err.code, err.message, err.details]).toEqual(['VALIDATION', message, { fields: { [field]: message } }]);
    }
    expect(await stored('site_setting')).toEqual(before);
  });

  it('4.54 to 1 is enough', async () => {
    await save(input({ primary_color: '#767676', primary_hover_color: '#767676' }));
    expect(await stored('site_setting')).toMatchObject({ primary_color: '#767676', primary_hover_color: '#767676' });
  });

  it('exactly 4.50 to 1 is enough, for either colour', async () => {
    // #0c8a0c on white: 4.5099…, shown rounded down as 4.50; AA's "at least 4.5" takes it.
    await save(input({ primary_color: '#0c8a0c', primary_hover_color: '#0c8a0c' }));
    expect(await stored('site_setting')).toMatchObject({ primary_color: '#0c8a0c', primary_hover_color: '#0c8a0c' });
    clearMemos();
    expect((await getShopSettings()).contrast).toEqual({ primary: 4.5, hover: 4.5 });
  });
});
