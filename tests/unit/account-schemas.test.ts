import { describe, expect, it } from 'vitest';
import { AddressSchema, PasswordChangeSchema, IMAGE_MESSAGE } from '@/lib/schemas/account';
import { sniffImage } from '@/server/uploads/images';
import { resolveUpload, uploadsRoot } from '@/server/uploads/storage';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('account schemas', () => {
  it('uses the spec messages for the address form', () => {
    expect(messages(AddressSchema.safeParse({}))).toEqual([
      'Name is required',
      'Email is required',
      'Phone is required',
      'Country is required',
      'City is required',
      'Zip code is required',
      'Address is required',
    ]);
    const ok = AddressSchema.parse({
      name: 'A',
      email: 'A@Example.com',
      phone: '+1 555 123 4567',
      country: 'us',
      state: 'NY',
      city: 'C',
      zip: '1',
      address_1: 'x',
      is_default: 'on',
    });
    expect(ok).toMatchObject({ email: 'a@example.com', country: 'US', kind: 'shipping', is_default: true, address_2: '' });
    expect(messages(AddressSchema.safeParse({ ...ok, email: 'a@b', phone: '123' }))).toEqual(['Invalid email', 'Invalid phone number']);
  });

  it('checks password length and confirmation', () => {
    expect(messages(PasswordChangeSchema.safeParse({ current_password: 'x', password: '123', password_confirmation: '123' }))).toEqual([
      'Invalid Password Length',
    ]);
    expect(
      messages(PasswordChangeSchema.safeParse({ current_password: 'x', password: '123456', password_confirmation: '654321' })),
    ).toEqual(["Password didn't match"]);
    expect(IMAGE_MESSAGE).toBe('Supported images: jpg, png (Max size: 1000kb)');
  });
});

describe('uploads', () => {
  it('knows jpeg and png by their first bytes only', () => {
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<svg xmlns='))).toBeNull();
  });

  it('never resolves a path outside the uploads folder or of an unknown type', () => {
    const root = uploadsRoot();
    expect(resolveUpload('avatars/a.png')).toBe(`${root}/avatars/a.png`);
    expect(resolveUpload('../../etc/passwd.png')).toBe(`${root}/etc/passwd.png`);
    expect(resolveUpload('avatars/../../../x.jpg')).toBe(`${root}/x.jpg`);
    expect(resolveUpload('avatars/a.svg')).toBeNull();
    expect(resolveUpload('avatars/a.png\0.txt')).toBeNull();
    expect(resolveUpload('..\\..\\x.png')).toBeNull();
    expect(resolveUpload('')).toBeNull();
  });
});
