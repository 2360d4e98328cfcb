// `tsx scripts/demo-template.ts DIR FINGERPRINT` (run by scripts/demo-template.mjs): the demo shop's embedded
// database made in DIR, beside the build (src/server/demo/template.ts).
import { makeDemoTemplate } from '../src/server/demo/template';

const [dir, fingerprint] = process.argv.slice(2);
if (!dir || !fingerprint) {
  console.error('Usage: tsx scripts/demo-template.ts DIR FINGERPRINT');
  process.exit(2);
}
await makeDemoTemplate(dir, fingerprint);
