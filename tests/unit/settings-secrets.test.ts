import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { maskSecret, openSecret, sealSecret, settingsKey } from '@/server/settings/secrets';

describe('sealed settings secrets', () => {
  const key = randomBytes(32);
  it('seals with a fresh nonce and opens with the same key only', () => {
    const a = sealSecret('sk_test_123456789', key);
    const b = sealSecret('sk_test_123456789', key);
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk_test');
    expect(openSecret(a, key)).toBe('sk_test_123456789');
    expect(openSecret(a, randomBytes(32))).toBeNull();
    const parts = a.split('.');
    parts[3] = Buffer.from('sk_live_999999999').toString('base64url');
    expect(openSecret(parts.join('.'), key)).toBeNull();
  });
  it('reads SETTINGS_KEY as 64 hex digits or 32 bytes of base64, nothing else', () => {
    expect(settingsKey({ SETTINGS_KEY: 'ab'.repeat(32) })).toHaveLength(32);
    expect(settingsKey({ SETTINGS_KEY: key.toString('base64') })?.equals(key)).toBe(true);
    expect(settingsKey({ SETTINGS_KEY: 'short' })).toBeNull();
    expect(settingsKey({})).toBeNull();
  });
  it('masks all but the last four characters', () => {
    expect(maskSecret('sk_test_123456789')).toBe('••••6789');
    expect(maskSecret('abc')).toBe('••••');
  });
});
