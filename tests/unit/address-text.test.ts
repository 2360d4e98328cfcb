import { describe, expect, it } from 'vitest';
import { addressLines, addressOneLine, cityLine } from '@/lib/address-text';

describe('address text', () => {
  it('keeps the state and the postcode apart', () => {
    expect(cityLine({ city: 'Austin', state: 'Texas', zip: '78701' })).toBe('Austin, Texas 78701');
    expect(cityLine({ city: 'Austin', state: '', zip: '78701' })).toBe('Austin 78701');
    expect(cityLine({ city: '', state: 'TX', zip: '' })).toBe('TX');
  });

  it('leaves empty parts out of the lines and the one-line form', () => {
    const a = { name: 'Ada', address_1: '1 Main St', address_2: '', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
    expect(addressLines(a)).toEqual(['1 Main St', 'Austin, TX 78701', 'US']);
    expect(addressOneLine(a)).toBe('Ada, 1 Main St, Austin, TX 78701, US');
  });
});
