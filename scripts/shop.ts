// `npm run shop -- <command>`: the operator's one entry point for shop tasks on the configured database
// (DATA_DIR or DATABASE_URL, like the server). Stop the server first when using the embedded database:
// it belongs to one process.
import { parseArgs } from 'node:util';
import { getEnv } from '../src/server/core/env';
import { publicOrigin } from '../src/server/core/origin';
import { migrateDatabase, openDatabase, setDatabase } from '../src/server/db/client';
import { getSettings } from '../src/server/settings';
import { approveSeller, listSellerApplications } from '../src/server/sellers/approve';
import { sendNewsletter } from '../src/server/content/newsletter';
import { readFileSync } from 'node:fs';

const HELP = `Usage: npm run shop -- <command> [arguments]

Commands:
  seller:list            list seller applications (id, status, shop, email)
  seller:approve <id>    approve a verified application: opens its store page, creates the
                         seller's account and emails them the store's address
  newsletter:send <subject> <file>
                         send a newsletter (the file's text; blank lines separate paragraphs) to
                         every confirmed subscriber; each mail carries its unsubscribe link
  --help                 show this help

The command works on the shop's database: DATABASE_URL when set, else the embedded one in DATA_DIR
(default ./data). With the embedded database, stop the server first.`;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
const [command, ...args] = positionals;
if (values.help || !command || command === 'help') {
  console.log(HELP);
  process.exit(command || values.help ? 0 : 2);
}
if (!['seller:list', 'seller:approve', 'newsletter:send'].includes(command)) {
  console.error(`Unknown command "${command}".\n\n${HELP}`);
  process.exit(2);
}
if (command === 'seller:approve' && !/^\d{1,9}$/.test(args[0] ?? '')) {
  console.error('Usage: npm run shop -- seller:approve <id>   (the id from "npm run shop -- seller:list")');
  process.exit(2);
}

if (command === 'newsletter:send' && (!args[0] || !args[1])) {
  console.error('Usage: npm run shop -- newsletter:send "<subject>" <file>');
  process.exit(2);
}

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, pool: 2 });
setDatabase(database);
let code = 0;
try {
  await migrateDatabase(database);
  if (command === 'seller:list') {
    const rows = await listSellerApplications();
    if (!rows.length) console.log('No seller applications yet.');
    for (const r of rows)
      console.log(`${String(r.id).padStart(5)}  ${r.status.padEnd(9)} ${r.shop_name}  <${r.email}>  ${r.created_at.slice(0, 10)}`);
  } else if (command === 'newsletter:send') {
    const paragraphs = readFileSync(args[1]!, 'utf8')
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    const { site_setting } = await getSettings();
    const sent = await sendNewsletter(args[0]!, paragraphs, { origin: publicOrigin(), siteName: site_setting.site_name });
    console.log(`Sent the newsletter to ${sent} subscriber${sent === 1 ? '' : 's'}.`);
  } else {
    const { site_setting } = await getSettings();
    const done = await approveSeller(Number(args[0]), publicOrigin(), site_setting.site_name);
    console.log(`Approved seller ${done.seller_id}: store ${done.store_id} is open at ${done.url}; the seller was emailed.`);
  }
} catch (err) {
  console.error((err as Error).message);
  code = 1;
} finally {
  setDatabase(undefined);
  await database.close();
}
process.exit(code);
