import { afterAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';

const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/voltmart-account-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  process.env.DATA_DIR = dir;
  return dir;
});

import { useTestDatabase } from '../setup/db';
import { getDb } from '@/server/db/client';
import { addresses, carts, orders, savedCards, sessions, storeFollowers, users } from '@/server/db/schema';
import { getProfile, updateProfile } from '@/server/account/profile';
import { changePassword, deleteAccount } from '@/server/account/account';
import { createSession, findSessionUser, hashToken } from '@/server/auth/sessions';
import { verifyPassword } from '@/server/auth/passwords';
import { saveAddress } from '@/server/account/addresses';
import { setFollowing } from '@/server/account/following';
import { parseWith } from '@/server/core/validation';
import { ProfileSchema, IMAGE_MESSAGE } from '@/lib/schemas/account';
import { ALL as profileEndpoint } from '@/pages/api/v1/user/profile';
import { address, apiContext, makeStore, makeUser, seedPlaces } from './account-fixtures';

useTestDatabase();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const png = (w = 400, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0b7a5c' } })
    .png()
    .toBuffer();
const fileOf = (bytes: Buffer | Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
const avatarPath = (url: string) => path.join(dataDir, url.replace(/^\/uploads\//, 'uploads/'));

describe('profile', () => {
  it('reads the profile with cart count and is_logged_in; the API says 401 to guests', async () => {
    const user = await makeUser('read@example.com');
    expect(await getProfile(user.id)).toMatchObject({
      name: 'Grace Hopper',
      email: 'read@example.com',
      phone: null,
      avatar: null,
      cart_count: 0,
      is_logged_in: true,
      has_password: false,
    });
    const res = await profileEndpoint(apiContext({ method: 'GET', url: 'http://x/api/v1/user/profile', user: null }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, data: { code: 'UNAUTHENTICATED' } });
    const mine = await profileEndpoint(
      apiContext({ method: 'GET', url: 'http://x/', user: { id: user.id, name: user.name, email: user.email } }),
    );
    expect(await mine.json()).toMatchObject({ status: 200, data: { email: 'read@example.com', is_logged_in: true, cart_count: 0 } });
  });

  it('validates name (required) and phone (US pattern) with the messages people read', () => {
    expect(() => parseWith(ProfileSchema, { name: '  ', phone: '' })).toThrow('Name is required');
    expect(() => parseWith(ProfileSchema, { name: 'Ada', phone: '12-34' })).toThrow('Invalid phone number');
    expect(parseWith(ProfileSchema, { name: ' Ada ', phone: '(555) 123-4567' })).toEqual({ name: 'Ada', phone: '(555) 123-4567' });
    expect(parseWith(ProfileSchema, { name: 'Ada', phone: '' })).toEqual({ name: 'Ada', phone: null });
  });

  it('saves name, phone and a re-encoded avatar; replacing it removes the old file', async () => {
    const user = await makeUser('avatar@example.com');
    const first = await updateProfile(user.id, { name: 'Ada L', phone: '555-123-4567' }, fileOf(await png(), 'me.png', 'image/png'));
    expect(first).toMatchObject({ name: 'Ada L', phone: '555-123-4567' });
    expect(first.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{24}\.png$/);
    const meta = await sharp(fs.readFileSync(avatarPath(first.avatar!))).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'png']);

    const jpeg = await sharp(await png(120, 120))
      .jpeg()
      .toBuffer();
    const second = await updateProfile(user.id, { name: 'Ada L', phone: null }, fileOf(jpeg, 'photo.png', 'image/png'));
    expect(second.avatar).toMatch(/\.jpg$/);
    expect(fs.existsSync(avatarPath(second.avatar!))).toBe(true);
    expect(fs.existsSync(avatarPath(first.avatar!))).toBe(false);
  });

  it('refuses anything but a real jpeg/png of at most 1000 KB with the spec message, by content not by name', async () => {
    const user = await makeUser('badimage@example.com');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const html = Buffer.from('<script>alert(1)</script>');
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1000 * 1024)]);
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')]);
    for (const [bytes, name] of [
      [gif, 'a.gif'],
      [html, 'evil.png'],
      [big, 'big.png'],
      [fakePng, 'fake.png'],
    ] as const) {
      await expect(updateProfile(user.id, { name: 'X', phone: null }, fileOf(bytes, name, 'image/png'))).rejects.toMatchObject({
        code: 'VALIDATION',
        message: IMAGE_MESSAGE,
      });
    }
    expect(IMAGE_MESSAGE).toBe('Supported images: jpg, png (Max size: 1000kb)');
    expect((await getProfile(user.id)).avatar).toBeNull();
    expect((await getProfile(user.id)).name).toBe('Grace Hopper');
  });
});

describe('password change', () => {
  it('refuses a wrong current password, then changes it and ends the other sessions only', async () => {
    const user = await makeUser('pw@example.com', 'old-secret');
    const here = await createSession(user.id);
    const there = await createSession(user.id);
    const input = { current_password: 'wrong-one', password: 'new-secret', password_confirmation: 'new-secret' };
    await expect(changePassword(user.id, input, hashToken(here.token))).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'The current password is not correct.',
    });
    expect(await findSessionUser(there.token)).not.toBeNull();

    await changePassword(user.id, { ...input, current_password: 'old-secret' }, hashToken(here.token));
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword('new-secret', row!.passwordHash)).toBe(true);
    expect(await findSessionUser(here.token)).not.toBeNull();
    expect(await findSessionUser(there.token)).toBeNull();
  });
});

describe('account deletion', () => {
  it('needs the password, then removes the user, sessions and everything owned; orders stay without the user', async () => {
    await seedPlaces();
    const user = await makeUser('bye@example.com', 'secret-pw');
    const other = await makeUser('stays@example.com');
    const session = await createSession(user.id);
    await saveAddress(user.id, address());
    await saveAddress(other.id, address());
    await getDb()
      .insert(savedCards)
      .values({ userId: user.id, gateway: 'stripe', gatewayToken: 't', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2099 });
    const store = await makeStore('bye-store');
    await setFollowing(user.id, store.id, true);
    await getDb().insert(carts).values({ userId: user.id });
    await getDb()
      .insert(orders)
      .values({ orderNo: 'V-1', userId: user.id, paymentMethod: 2, email: 'bye@example.com', trackingCode: 'TRK-BYE-1' });
    const photo = await updateProfile(user.id, { name: 'Bye', phone: null }, fileOf(await png(), 'a.png', 'image/png'));

    await expect(deleteAccount(user.id, { password: '', confirm: 'DELETE' })).rejects.toMatchObject({ message: 'Password is required' });
    await expect(deleteAccount(user.id, { password: 'nope-nope', confirm: '' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await findSessionUser(session.token)).not.toBeNull();

    await deleteAccount(user.id, { password: 'secret-pw', confirm: '' });
    const db = getDb();
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(addresses).where(eq(addresses.userId, user.id))).toEqual([]);
    expect(await db.select().from(savedCards).where(eq(savedCards.userId, user.id))).toEqual([]);
    expect(await db.select().from(storeFollowers).where(eq(storeFollowers.userId, user.id))).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.userId, user.id))).toEqual([]);
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, 'V-1'));
    expect(order!.userId).toBeNull();
    expect(fs.existsSync(avatarPath(photo.avatar!))).toBe(false);
    expect(await db.select().from(addresses).where(eq(addresses.userId, other.id))).toHaveLength(1);
  });

  it('asks an account without a password for the typed word', async () => {
    const user = await makeUser('social@example.com');
    await expect(deleteAccount(user.id, { password: '', confirm: 'yes' })).rejects.toMatchObject({ message: 'Type DELETE to confirm.' });
    await deleteAccount(user.id, { password: '', confirm: 'delete' });
    expect(await getDb().select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });
});
