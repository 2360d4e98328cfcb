// Builds the app when there is no build or the sources are newer than it (used by start and bench).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entry = path.join(root, 'dist/server/entry.mjs');

function newestMtime(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when dist/ is missing or older than src/, public/ or the Astro config. */
export function buildIsStale() {
  if (!fs.existsSync(entry)) return true;
  const sources = Math.max(
    newestMtime(path.join(root, 'src')),
    newestMtime(path.join(root, 'public')),
    fs.statSync(path.join(root, 'astro.config.mjs')).mtimeMs,
  );
  return sources > fs.statSync(entry).mtimeMs;
}

/** Runs `astro build` when needed; exits the process when the build fails. */
export function buildIfStale() {
  if (!buildIsStale()) return;
  console.log('Building Voltmart (first start or changed sources)…');
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  // Always the production build (dist/): never the end-to-end one with /test-only/*, whatever the shell exported.
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', VOLTMART_TEST_BUILD: '' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
