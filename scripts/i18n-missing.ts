/**
 * `npm run i18n:missing`: lists, per shipped language, the English keys it lacks (and keys whose
 * placeholders differ from English). Exits 1 when anything is missing, so a merge that added English
 * keys shows what still needs translating.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareMessages } from '../src/i18n/completeness';

const root = join(import.meta.dirname, '../src/i18n/locales');
const load = (code: string) =>
  readdirSync(join(root, code))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(root, code, f), 'utf8')) as Record<string, unknown>);

const english = load('en');
let problems = 0;
for (const code of readdirSync(root).filter((c) => c !== 'en')) {
  const { missing, placeholders } = compareMessages(english, load(code));
  problems += missing.length + placeholders.length;
  if (!missing.length && !placeholders.length) {
    console.log(`${code}: complete`);
    continue;
  }
  console.log(`${code}: ${missing.length} missing, ${placeholders.length} with other placeholders`);
  for (const key of missing) console.log(`  missing      ${key}`);
  for (const key of placeholders) console.log(`  placeholders ${key}`);
}
process.exit(problems ? 1 : 0);
