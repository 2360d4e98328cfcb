import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `DATA_DIR/voltmart.json`: what the install wizard decided that later starts must remember — the
 * PostgreSQL URL chosen in the browser (used when DATABASE_URL is unset) and that the install is done.
 * Written with mode 0600: the URL carries the database password.
 */
export const INSTALL_CONFIG_FILE = 'voltmart.json';

const InstallConfigSchema = z.object({
  database_url: z
    .string()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
  /** ISO time the wizard finished; present means the shop is configured and the wizard is gone. */
  installed_at: z.string().optional(),
  /**
   * The origin the running shop serves on (PUBLIC_URL, else its HOST:PORT), saved by each start: the
   * operator's commands (`npm run shop`) build mail links from it when they have no PUBLIC_URL.
   */
  public_url: z.url().optional(),
});

export type InstallConfig = z.infer<typeof InstallConfigSchema>;

export const installConfigPath = (dataDir: string) => path.join(path.resolve(dataDir), INSTALL_CONFIG_FILE);

/** The saved install choices; an absent or unreadable file is an empty one (a fresh install). */
export function readInstallConfig(dataDir: string): InstallConfig {
  let raw: string;
  try {
    raw = fs.readFileSync(installConfigPath(dataDir), 'utf8');
  } catch {
    return {};
  }
  const parsed = InstallConfigSchema.safeParse(JSON.parse(raw || '{}'));
  return parsed.success ? parsed.data : {};
}

/** Merges `patch` into the file, atomically (write then rename), readable by this user only. */
export function writeInstallConfig(dataDir: string, patch: Partial<InstallConfig>): InstallConfig {
  const next = InstallConfigSchema.parse({ ...readInstallConfig(dataDir), ...patch });
  const file = installConfigPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
  return next;
}

/** True once the wizard has finished for this data directory. */
export const isInstalled = (dataDir: string) => Boolean(readInstallConfig(dataDir).installed_at);
