import fs from 'node:fs';
import path from 'node:path';

/** Raised when another live process holds the embedded database directory. */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database directory for this process. PGlite is single-writer: two processes
 * on one directory corrupt it, so a second one stops here with a message that says what to do.
 * A lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'voltmart.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const unlock = () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', unlock);
      // Released by hand (a command that opens the directory several times): the exit hook is not needed any more.
      return () => {
        process.off('exit', unlock);
        unlock();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder === process.pid) return () => {};
      if (holder && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${path.resolve(dir)} is already open in process ${holder}. ` +
            'Only one process may use an embedded database. Stop the other process, use another DATA_DIR, ' +
            'or set DATABASE_URL to a PostgreSQL server to run several processes.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${path.resolve(dir)}.`);
}
