import { describe, expect, it } from 'vitest';
import { setFlash } from '@/server/web/flash';

// This file's process is a shop on HTTPS (read once, on the first getEnv()).
process.env.SECURE_COOKIES = 'true';
process.env.PUBLIC_URL = 'https://shop.example.com';

describe('the flash cookie on an HTTPS shop', () => {
  it('is Secure, like the session cookie', () => {
    const set: { name: string; options: Record<string, unknown> }[] = [];
    const cookies = { set: (name: string, _value: string, options: Record<string, unknown>) => set.push({ name, options }) };
    setFlash(cookies as never, { type: 'success', message: 'Saved' });
    expect(set[0]).toMatchObject({ name: 'frontend_flash', options: { secure: true, httpOnly: true, sameSite: 'lax' } });
  });
});
