import { getEnv, type Env } from '@/server/core/env';
import { publicOrigin } from '@/server/core/origin';
import { readInstallConfig, writeInstallConfig } from '@/server/core/install-config';
import { log } from '@/server/core/logger.mjs';

export const NO_MAIL_ORIGIN =
  'This command mails links to the shop but cannot tell its address: set PUBLIC_URL to the address shoppers use (for example https://shop.example.com), or start the shop once with this DATA_DIR so it saves the address it serves on.';

/**
 * The origin an operator's command (`npm run shop`, another process than the shop) writes into mail
 * links: PUBLIC_URL when set, else the one the running shop saved in DATA_DIR/voltmart.json. Never this
 * process's own HOST:PORT defaults, which are not where the shop serves. Throws when there is neither.
 */
export function mailOrigin(env: Env = getEnv()): string {
  if (env.PUBLIC_URL) return publicOrigin(env);
  const saved = readInstallConfig(env.DATA_DIR).public_url;
  if (saved) return new URL(saved).origin;
  throw new Error(NO_MAIL_ORIGIN);
}

/** Called by the server as it starts: remembers the origin it serves on for the operator's commands. */
export function saveServedOrigin(env: Env = getEnv()): void {
  const origin = publicOrigin(env);
  try {
    if (readInstallConfig(env.DATA_DIR).public_url !== origin) writeInstallConfig(env.DATA_DIR, { public_url: origin });
  } catch (err) {
    log.warn({ err }, 'could not save the shop address for npm run shop (set PUBLIC_URL for its mails)');
  }
}
