import { describe, expect, it } from 'vitest';
import { CARRIER_IDS, carrierName, trackingUrl } from '@/lib/carriers';

describe('carriers', () => {
  it('builds each carrier’s tracking link from the number, escaped; "other" and no number have none', () => {
    expect(trackingUrl('ups', '1Z999AA1')).toBe('https://www.ups.com/track?tracknum=1Z999AA1');
    expect(trackingUrl('dhl', ' JD01 46&x ')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD01%2046%26x',
    );
    expect(trackingUrl('other', '123')).toBeNull();
    expect(trackingUrl('fedex', '  ')).toBeNull();
    expect(trackingUrl('pigeon', '123')).toBeNull();
    for (const c of CARRIER_IDS.filter((c) => c !== 'other')) expect(trackingUrl(c, 'N1')).toMatch(/^https:\/\/[^ ]+N1/);
  });

  it('names the brands as they are and translates "other"', () => {
    const t = (key: string) => `[${key}]`;
    expect(carrierName(t, 'aramex')).toBe('Aramex');
    expect(carrierName(t, 'other')).toBe('[backoffice.shipments.carrierOther]');
  });
});
