import { describe, expect, it } from 'vitest';
import { minorDigits, toDecimal, toMinor } from '@/server/payments/money';
import { BAD_SIGNATURE, fakeSources, hmacSha256, sameSignature } from '@/server/payments/signature';

/**
 * The money gateways are told and the signatures they send (src/server/payments/money.ts, signature.ts):
 * amounts go out and come back exactly, in the currency's own decimals, and a notification counts only
 * with the exact signature.
 */
describe('a currency’s decimals', () => {
  it('come from ISO 4217, whatever the case, and are 2 for a code Intl refuses', () => {
    expect(['USD', 'usd', 'JPY', 'CLP', 'KWD', 'BHD'].map(minorDigits)).toEqual([2, 2, 0, 0, 3, 3]);
    expect(minorDigits('US')).toBe(2);
    expect(minorDigits('')).toBe(2);
  });
});

describe('cents to a gateway’s decimal text', () => {
  it('writes two decimals for dollars, padding small amounts', () => {
    expect([1734, 100, 5, 50, 0, 123456789].map((c) => toDecimal(c, 'USD'))).toEqual([
      '17.34',
      '1.00',
      '0.05',
      '0.50',
      '0.00',
      '1234567.89',
    ]);
  });

  it('keeps the sign of a negative amount in front', () => {
    expect(toDecimal(-1734, 'USD')).toBe('-17.34');
    expect(toDecimal(-5, 'USD')).toBe('-0.05');
    expect(toDecimal(-500, 'JPY')).toBe('-500');
  });

  it('writes no decimal point for yen and three decimals for dinars', () => {
    expect([500, 0, 7].map((c) => toDecimal(c, 'JPY'))).toEqual(['500', '0', '7']);
    expect([1234, 7, 1000].map((c) => toDecimal(c, 'KWD'))).toEqual(['1.234', '0.007', '1.000']);
  });
});

describe('a gateway’s amount back to cents', () => {
  it('reads text and numbers exactly, never through a float', () => {
    expect(toMinor('17.34', 'USD')).toBe(1734);
    expect(toMinor(' 17.34 ', 'USD')).toBe(1734);
    expect(toMinor(17.34, 'USD')).toBe(1734);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor('17', 'USD')).toBe(1700);
    expect(toMinor('17.3', 'USD')).toBe(1730);
    expect(toMinor('17.340', 'USD')).toBe(1734);
    expect(toMinor('17.3400', 'USD')).toBe(1734);
    expect(toMinor('0.05', 'USD')).toBe(5);
    expect(toMinor('0.00', 'USD')).toBe(0);
    expect(toMinor('0', 'USD')).toBe(0);
    expect(toMinor('1234567.89', 'USD')).toBe(123456789);
  });

  it('uses the currency’s decimals', () => {
    expect(toMinor('500', 'JPY')).toBe(500);
    expect(toMinor('500.0', 'JPY')).toBe(500);
    expect(toMinor('500.00', 'JPY')).toBe(500);
    expect(toMinor(500, 'JPY')).toBe(500);
    expect(toMinor('1.234', 'KWD')).toBe(1234);
    expect(toMinor('0.5', 'KWD')).toBe(500);
  });

  it('refuses what is not an amount in those decimals (NaN, so the payment does not match)', () => {
    for (const [value, currency] of [
      ['17.345', 'USD'],
      ['500.5', 'JPY'],
      ['1.2345', 'KWD'],
      ['-1.00', 'USD'],
      ['17.', 'USD'],
      ['.5', 'USD'],
      ['1e3', 'USD'],
      ['1,000.00', 'USD'],
      ['abc', 'USD'],
      ['', 'USD'],
      ['17.34 USD', 'USD'],
    ] as const)
      expect(toMinor(value, currency), `${value} ${currency}`).toBeNaN();
  });

  it('gives back what toDecimal wrote', () => {
    for (const [cents, currency] of [
      [1734, 'USD'],
      [5, 'USD'],
      [0, 'USD'],
      [500, 'JPY'],
      [7, 'KWD'],
    ] as const)
      expect(toMinor(toDecimal(cents, currency), currency)).toBe(cents);
  });
});

describe('gateway signatures', () => {
  it('are HMAC-SHA256 in hex or base64', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    expect(hmacSha256('key', text)).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    expect(hmacSha256('key', text, 'hex')).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    expect(hmacSha256('key', text, 'base64')).toBe('97yD9DBThCSxMpjmqm+xQ+9NWaFJRhdZl0edvC0aPNg=');
  });

  it('match only exactly (surrounding spaces aside), and never when missing', () => {
    const expected = hmacSha256('secret', 'body');
    expect(sameSignature(expected, expected)).toBe(true);
    expect(sameSignature(expected, ` ${expected}\n`)).toBe(true);
    expect(sameSignature(expected, expected.toUpperCase())).toBe(false);
    const lastFlipped = expected.slice(0, -1) + (expected.endsWith('0') ? '1' : '0');
    expect(sameSignature(expected, lastFlipped)).toBe(false);
    expect(sameSignature(expected, expected.slice(0, -1))).toBe(false);
    expect(sameSignature(expected, `${expected}0`)).toBe(false);
    expect(sameSignature(expected, hmacSha256('other', 'body'))).toBe(false);
    for (const missing of [null, undefined, '']) expect(sameSignature(expected, missing)).toBe(false);
    expect(sameSignature('', '')).toBe(false);
  });

  it('refused say so in words', () => {
    expect(BAD_SIGNATURE).toBe('The signature of this notification is not valid, so it was ignored.');
  });
});

describe('a gateway script served by the local fake', () => {
  it('allows that origin only', () => {
    expect(fakeSources('http://127.0.0.1:6461/stripe/v3/stripe.js')).toEqual({
      script: 'http://127.0.0.1:6461/stripe/v3/stripe.js',
      scriptSrc: ['http://127.0.0.1:6461'],
      frameSrc: ['http://127.0.0.1:6461'],
      connectSrc: ['http://127.0.0.1:6461'],
    });
  });
});
