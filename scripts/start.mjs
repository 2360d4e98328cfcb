// `npm start`: build when there is no build (or the sources are newer), then serve.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entry = path.join(root, 'dist/server/entry.mjs');

function newestMtime(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const stale =
  !fs.existsSync(entry) ||
  Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'public')), fs.statSync(path.join(root, 'astro.config.mjs')).mtimeMs) >
    fs.statSync(entry).mtimeMs;

if (stale) {
  console.log('Building Voltmart (first start or changed sources)…');
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { serve } = await import('./serve.mjs');
await serve().catch((err) => {
  console.error(err);
  process.exit(1);
});
