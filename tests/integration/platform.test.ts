import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { useScratchOutbox } from './auth-helpers';
import { getSettings, putSetting } from '@/server/settings';
import { saveContactMessage } from '@/server/content/messages';
import { subscribeNewsletter } from '@/server/content/newsletter';
import { getDb } from '@/server/db/client';
import { contactMessages, newsletterSubscribers } from '@/server/db/schema';

useScratchOutbox();
useTestDatabase();

describe('settings', () => {
  it('fills the spec defaults on an empty database', async () => {
    const s = await getSettings();
    expect(s.setting).toMatchObject({
      currency: 'USD',
      currency_icon: '$',
      decimal_format: 'en-US',
      currency_position: 1,
      default_country: 'AF',
      default_state: 'BDS',
    });
  });
  it('reads back what was stored', async () => {
    await putSetting('site_setting', { ...(await getSettings()).site_setting, site_name: 'Test Shop' });
    expect((await getSettings()).site_setting.site_name).toBe('Test Shop');
  });
});

describe('contact and newsletter', () => {
  it('stores a contact message', async () => {
    const { id } = await saveContactMessage({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' });
    const rows = await getDb().select().from(contactMessages);
    expect(rows.find((r) => r.id === id)?.subject).toBe('Hi');
  });
  it('subscribes once and accepts a repeat', async () => {
    const actor = { origin: 'http://shop.test', siteName: 'Voltmart' };
    expect(await subscribeNewsletter('a@example.com', actor)).toEqual({ created: true, status: 'pending' });
    expect(await subscribeNewsletter('a@example.com', actor)).toEqual({ created: false, status: 'pending' });
    expect(await getDb().select().from(newsletterSubscribers)).toHaveLength(1);
  });
});
