import fs from 'node:fs';
import path from 'node:path';

/**
 * The install wizard's permissions step (spec: `POST api/v1/install/set-permission`): can this process
 * write where the shop keeps its files, and is there room? Each failed check says what to run.
 */
export interface PermissionCheck {
  what: 'data' | 'uploads' | 'mail' | 'disk';
  path: string;
  ok: boolean;
  message: string;
  /** A command that fixes it, when one does. */
  fix?: string;
}

/** Free space below this is refused (the embedded database, uploads and backups need room to grow). */
export const MIN_FREE_BYTES = 512 * 1024 * 1024;

function writable(dir: string): { ok: true } | { ok: false; reason: string } {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.voltmart-write-check-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message };
  }
}

const user = () => {
  try {
    return process.env.USER || String(process.getuid?.() ?? 'the shop user');
  } catch {
    return 'the shop user';
  }
};

/** Checks DATA_DIR, its uploads and mail folders, and the free space where they live. */
export function checkPermissions(dataDir: string, minFree = MIN_FREE_BYTES): PermissionCheck[] {
  const root = path.resolve(dataDir);
  const folders = [
    { what: 'data' as const, path: root },
    { what: 'uploads' as const, path: path.join(root, 'uploads') },
    { what: 'mail' as const, path: path.join(root, 'mail') },
  ];
  const checks: PermissionCheck[] = folders.map(({ what, path: dir }) => {
    const result = writable(dir);
    if (result.ok) return { what, path: dir, ok: true, message: `${dir} is writable.` };
    return {
      what,
      path: dir,
      ok: false,
      message: `The shop cannot write to ${dir} (${result.reason}).`,
      fix: `sudo mkdir -p ${dir} && sudo chown -R ${user()} ${dir} && chmod u+rwx ${dir}`,
    };
  });
  let free: number | undefined;
  try {
    const stats = fs.statfsSync(fs.existsSync(root) ? root : path.dirname(root));
    free = stats.bavail * stats.bsize;
  } catch {
    free = undefined;
  }
  const mb = (n: number) => `${Math.floor(n / (1024 * 1024))} MB`;
  checks.push(
    free === undefined
      ? {
          what: 'disk',
          path: root,
          ok: false,
          message: `Could not read the free space where ${root} lives.`,
          fix: `df -h ${path.dirname(root)}`,
        }
      : free >= minFree
        ? { what: 'disk', path: root, ok: true, message: `${mb(free)} free where ${root} lives.` }
        : {
            what: 'disk',
            path: root,
            ok: false,
            message: `Only ${mb(free)} free where ${root} lives; the shop needs at least ${mb(minFree)}.`,
            fix: `df -h ${path.dirname(root)}   # free some space, or set DATA_DIR to a larger disk`,
          },
  );
  return checks;
}
