import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The one-time setup token that protects the install wizard: made when the server starts unconfigured,
 * printed on its console (so only whoever can read the server's output can install), and forgotten
 * once the install is done. Only its hash is kept.
 */
let hash: Buffer | undefined;

const digest = (token: string) => createHash('sha256').update(token).digest();

/** Makes a new token (replacing any earlier one) and returns it for the console. */
export function issueSetupToken(): string {
  const token = randomBytes(24).toString('base64url');
  hash = digest(token);
  return token;
}

/** Whether `token` is the current setup token (compared in constant time). */
export function checkSetupToken(token: unknown): boolean {
  if (!hash || typeof token !== 'string' || !token) return false;
  return timingSafeEqual(digest(token), hash);
}

/** Forgets the token: the install is done, and the wizard is gone. */
export function retireSetupToken(): void {
  hash = undefined;
}
