// The demo shop made once beside the build: an embedded database migrated and seeded in `.cache/demo-data/`,
// which the server copies into an empty data folder (src/server/demo/template.ts) instead of creating,
// migrating and seeding one itself. Made again when what it is made of changes (the fingerprint below).
// `node scripts/demo-template.mjs` makes it now (npm run build does).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const demoTemplateDir = path.join(root, '.cache/demo-data');

/** What the demo database is made of: its schema and migrations, the demo's data and code, the settings' defaults, PGlite. */
const SOURCES = [
  'src/server/db',
  'src/server/demo',
  'src/lib/schemas/settings.ts',
  'scripts/demo-template.ts',
  'node_modules/@electric-sql/pglite/package.json',
];

function filesUnder(full) {
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/** A hash of the files the demo database is made of (their paths and contents). */
export function demoFingerprint() {
  const hash = crypto.createHash('sha256');
  for (const source of SOURCES) {
    for (const file of filesUnder(path.join(root, source)).sort()) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 32);
}

/** The template's folder when it is there and made from the current sources, else null. */
export function currentDemoTemplate(fingerprint = demoFingerprint()) {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(demoTemplateDir, 'stamp.json'), 'utf8'));
    return stamp.fingerprint === fingerprint && fs.existsSync(path.join(demoTemplateDir, 'pg/PG_VERSION')) ? demoTemplateDir : null;
  } catch {
    return null;
  }
}

/**
 * Makes the template unless it is current (a child process: the seeding's memory is never the server's).
 * Made in a folder beside and renamed into place, so a server never sees half of one. Returns its folder,
 * or null when it could not be made (the server then seeds the data folder itself, as before).
 */
export function ensureDemoTemplate() {
  const fingerprint = demoFingerprint();
  if (currentDemoTemplate(fingerprint)) return demoTemplateDir;
  console.log('Preparing the demo shop (once per change of the demo or the database schema)…');
  const started = Date.now();
  const partial = `${demoTemplateDir}.${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/demo-template.ts'), partial, fingerprint], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '' },
  });
  if (result.status !== 0) {
    fs.rmSync(partial, { recursive: true, force: true });
    console.log('The demo shop could not be prepared beside the build; the server will load it itself.');
    return null;
  }
  fs.rmSync(demoTemplateDir, { recursive: true, force: true });
  fs.renameSync(partial, demoTemplateDir);
  console.log(`Demo shop prepared in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return demoTemplateDir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!ensureDemoTemplate()) process.exit(1);
}
