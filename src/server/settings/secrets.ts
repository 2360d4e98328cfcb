import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (payment gateways' keys) are sealed with AES-256-GCM under SETTINGS_KEY, a key
 * that lives only in the environment: a copy of the database alone does not reveal them. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the tag makes a changed value or a wrong key fail, never decrypt to junk.
 */
const VERSION = 'v1';

/** The 32-byte key from SETTINGS_KEY (64 hex digits, or 32 bytes in base64); null when unset or malformed. */
export function settingsKey(env: NodeJS.ProcessEnv = process.env): Buffer | null {
  const raw = env.SETTINGS_KEY?.trim();
  if (!raw) return null;
  if (/^[0-9a-f]{64}$/i.test(raw)) return Buffer.from(raw, 'hex');
  const bytes = Buffer.from(raw, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** Seals a secret under the key. */
export function sealSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Opens a sealed secret; null when it was sealed under another key or changed since. */
export function openSecret(sealed: string, key: Buffer): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What a screen may show of a secret: its last four characters at most. */
export const maskSecret = (plain: string) => (plain.length > 8 ? `••••${plain.slice(-4)}` : '••••');
