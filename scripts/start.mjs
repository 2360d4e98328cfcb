// `npm start`: build when there is no build (or the sources are newer); prepare the demo shop beside the build
// when an empty data folder will need it; then serve, in a child process started with the settings that bound
// its memory (scripts/server-process.mjs: Node's flags and MALLOC_ARENA_MAX must be given when a process starts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { ensureDemoTemplate } from './demo-template.mjs';
import { serverEnv, serverNodeArgs } from './server-process.mjs';

buildIfStale();

// Only an embedded database not made yet gets the demo copied in (src/server/boot.ts); a setup start never does.
const setup = process.argv.includes('--setup') || ['1', 'true'].includes(process.env.SETUP ?? '');
const dataDir = path.resolve(process.env.DATA_DIR || './data');
if (!process.env.DATABASE_URL && process.env.SEED !== 'none' && !setup && !fs.existsSync(path.join(dataDir, 'pg'))) {
  ensureDemoTemplate();
}

const child = spawn(process.execPath, [...serverNodeArgs(), path.join(root, 'scripts/serve.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: serverEnv(),
});
// The server finishes what is in flight and exits on SIGTERM or SIGINT (scripts/serve.mjs); this process waits for it.
// Passed on as SIGTERM: Ctrl-C in a terminal has already sent the server its own SIGINT, and a second SIGINT would
// stop it at once instead of letting it finish (it listens once for each).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
