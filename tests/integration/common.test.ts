import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../setup/db';
import { getSettings, putSetting } from '@/server/settings';
import { getCommonData } from '@/server/settings/common';

// Google is configured for this file's process; Facebook is not (read once, on the first getEnv()).
process.env.GOOGLE_CLIENT_ID = 'common-test-google';
process.env.GOOGLE_CLIENT_SECRET = 'common-test-secret';
delete process.env.FACEBOOK_CLIENT_ID;
delete process.env.FACEBOOK_CLIENT_SECRET;

useTestDatabase();

describe('api/v1/common payload', () => {
  it('offers a social button only when its switch is on and the provider is configured', async () => {
    expect((await getCommonData('en')).setting).toMatchObject({ google_login: false, facebook_login: false });
    await putSetting('setting', { ...(await getSettings()).setting, google_login: true, facebook_login: true });
    const { setting, current_language } = await getCommonData('en');
    expect(setting).toMatchObject({ google_login: true, facebook_login: false, currency: 'USD' });
    expect(current_language).toBe('en');
  });

  it('says what unit every amount of the API is in: the currency, its sign and the minor-unit exponent', async () => {
    const { setting } = await getCommonData('en');
    expect(setting).toMatchObject({
      currency: 'USD',
      currency_icon: '$',
      currency_position: 1,
      decimal_format: 'en-US',
      minor_unit_exponent: 2,
    });
  });
});
