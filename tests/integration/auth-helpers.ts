import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuthContext } from '@/server/core/actor';

/** Mail of these tests goes to a scratch outbox (set before the env is first read). */
export function useScratchOutbox(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-auth-'));
  process.env.DATA_DIR = dir;
  delete process.env.SMTP_URL;
  return path.join(dir, 'mail');
}

let n = 0;
/** A request context as a route would build it; each call is a different client address unless given. */
export const authCtx = (over: Partial<AuthContext> = {}): AuthContext => ({
  ip: `198.51.100.${++n % 250}`,
  userAgent: 'vitest',
  guestToken: null,
  sessionHash: null,
  lang: 'en',
  origin: 'http://shop.test',
  siteName: 'Voltmart',
  ...over,
});

export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
