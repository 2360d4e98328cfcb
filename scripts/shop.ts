// `npm run shop -- <command>`: the operator's one entry point for shop tasks on the configured database
// (DATA_DIR or DATABASE_URL, like the server). Stop the server first when using the embedded database:
// it belongs to one process.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getEnv } from '../src/server/core/env';
import { mailOrigin } from '../src/server/ops/mail-origin';
import { migrateDatabase, openDatabase, setDatabase, getDb, type Db, type Tx } from '../src/server/db/client';
import { getSettings, putSetting } from '../src/server/settings';
import { SETTING_KEYS, type Settings } from '../src/lib/schemas/settings';
import { approveSeller, listSellerApplications } from '../src/server/sellers/approve';
import { sendNewsletter } from '../src/server/content/newsletter';
import { createBackup, restoreBackup } from '../src/server/ops/backup';
import { describeMailQueue } from '../src/server/ops/mail-queue';
import { migrateUploads } from '../src/server/ops/uploads-migrate';
import { sweepOrphanUploads } from '../src/server/uploads/sweep';
import { exportCatalog } from '../src/server/ops/catalog-export';
import { readCatalog, writeCatalog } from '../src/server/ops/catalog-files';
import { importCatalog } from '../src/server/ops/catalog-import';
import { sendTestMail } from '../src/server/ops/mail-test';
import { rebuildReports } from '../src/server/reports/fold';
import { backfillLedger } from '../src/server/money/backfill';
import { announceChange } from '../src/server/core/invalidation';
import { changeStatus, confirmTransfer, type StatusChange } from '../src/server/orders/life';
import { queueStatusMails } from '../src/server/orders/status-email';
import { settleAfterAnswer } from '../src/server/core/background';
import { statusKey } from '../src/server/orders/transitions';
import { englishOf } from '../src/i18n';
import { changeRole } from '../src/server/staff/roles';

interface Flags {
  yes: boolean;
  note?: string | undefined;
  grant?: string | undefined;
  store?: string | undefined;
  revoke?: boolean;
}
import { listRefundsDue, markRefunded, retryRefund } from '../src/server/payments/stray';
import { toDecimal } from '../src/server/payments/money';

interface Command {
  usage: string;
  help: string;
  /** How many arguments it needs. */
  args: number;
  /** Opens and migrates the shop's database first (backup and restore handle the database themselves). */
  database: boolean;
  run(args: string[], flags: Flags): Promise<void>;
}

const siteName = async () => (await getSettings()).site_setting.site_name;

const orderId = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`"${raw}" is not an order id: give the number shown as "Order #…".`);
  return Number(raw);
};

/**
 * Moves orders on and queues the shopper's mail of each change in the same transaction (the outbox: a change that
 * rolls back mails nothing, one that commits is mailed even if this command dies right after); sends them now and
 * says what was done.
 */
async function moveAndMail(move: (tx: Tx) => Promise<StatusChange[]>, origin: string, note?: string) {
  const settings = await getSettings();
  const ctx = { lang: settings.default_language, origin, siteName: settings.site_setting.site_name };
  const changes = await getDb().transaction(async (tx) => {
    const made = await move(tx);
    await queueStatusMails(tx, made, ctx, note);
    return made;
  });
  // What waits for "after the answer" (the mails' first attempt, a pending payment stopped) runs before the database closes.
  await settleAfterAnswer();
  for (const c of changes)
    console.log(`Order ${c.order_id} (${c.order_no}): ${englishOf(statusKey(c.from))} → ${englishOf(statusKey(c.to))}.`);
  console.log(`${changes.length} status mail${changes.length === 1 ? '' : 's'} sent.`);
  return changes;
}

const COMMANDS: Record<string, Command> = {
  'seller:list': {
    usage: 'seller:list',
    help: 'list seller applications (id, status, shop, email)',
    args: 0,
    database: true,
    async run() {
      const rows = await listSellerApplications();
      if (!rows.length) console.log('No seller applications yet.');
      for (const r of rows)
        console.log(`${String(r.id).padStart(5)}  ${r.status.padEnd(9)} ${r.shop_name}  <${r.email}>  ${r.created_at.slice(0, 10)}`);
    },
  },
  'seller:approve': {
    usage: 'seller:approve <id>',
    help: "approve a verified application: opens its store page, creates the seller's account and emails them the store's address",
    args: 1,
    database: true,
    async run([id]) {
      if (!/^\d{1,9}$/.test(id!)) throw new Error('Give the id from "npm run shop -- seller:list".');
      const done = await approveSeller(Number(id), mailOrigin(), await siteName());
      await announceChange('stores');
      console.log(`Approved seller ${done.seller_id}: store ${done.store_id} is open at ${done.url}; the seller was emailed.`);
    },
  },
  'newsletter:send': {
    usage: 'newsletter:send <subject> <file>',
    help: "send a newsletter (the file's text; blank lines separate paragraphs) to every confirmed subscriber; each mail carries its unsubscribe link",
    args: 2,
    database: true,
    async run([subject, file]) {
      const paragraphs = readFileSync(file!, 'utf8')
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean);
      const sent = await sendNewsletter(subject!, paragraphs, { origin: mailOrigin(), siteName: await siteName() });
      console.log(`Sent the newsletter to ${sent} subscriber${sent === 1 ? '' : 's'}.`);
    },
  },
  backup: {
    usage: 'backup <file.tar.gz>',
    help: 'write the database and every upload into one file (embedded: stop the server first; PostgreSQL: pg_dump, the shop may keep running)',
    args: 1,
    database: false,
    async run([file]) {
      const env = getEnv();
      const manifest = await createBackup({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }, file!);
      const rows = Object.values(manifest.fingerprint.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Backed up ${rows} rows in ${Object.keys(manifest.fingerprint.tables).length} tables and ${manifest.uploads} uploads to ${file}.`,
      );
      console.log(`Checksum ${manifest.fingerprint.checksum}`);
    },
  },
  restore: {
    usage: 'restore <file.tar.gz> [--yes]',
    help: "replace the shop's database and uploads with a backup's (embedded: stop the server first; --yes when the shop already holds data)",
    args: 1,
    database: false,
    async run([file], { yes }) {
      const env = getEnv();
      const { manifest, restored } = await restoreBackup({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }, file!, { replace: yes });
      console.log(`Restored the backup of ${manifest.created_at} (${manifest.uploads} uploads).`);
      if (restored.checksum === manifest.fingerprint.checksum) console.log(`Checksum ${restored.checksum} matches the backup's.`);
      else
        console.log(
          `Note: the checksum differs from the one taken at backup time (${manifest.fingerprint.checksum}); on PostgreSQL that happens when the shop was written to while pg_dump ran.`,
        );
      console.log('Start the server: it applies any migration newer than the backup.');
    },
  },
  'catalog:export': {
    usage: 'catalog:export <file.json | folder>',
    help: 'write categories, sub-categories, brands, stores, products (with images and stock) and variants: one JSON file, or a folder of CSV files',
    args: 1,
    database: true,
    async run([to]) {
      const catalog = await exportCatalog(getDb());
      writeCatalog(to!, catalog);
      console.log(
        `Exported ${catalog.products.length} products, ${catalog.variants.length} variants, ${catalog.categories.length} categories, ${catalog.brands.length} brands and ${catalog.stores.length} stores to ${to}.`,
      );
    },
  },
  'catalog:import': {
    usage: 'catalog:import <file.json | folder>',
    help: 'add or update the catalogue from such a file or folder; every row is checked first and any problem (listed with its line) imports nothing; importing twice changes nothing',
    args: 1,
    database: true,
    async run([from]) {
      const { rows, present } = readCatalog(from!);
      const counts = await importCatalog(getDb() as Db, rows, present);
      // Running servers on the same PostgreSQL show the new catalogue at once.
      await announceChange('catalog');
      console.log(
        `Imported ${Object.entries(counts)
          .map(([section, n]) => `${n} ${section.replace('_', '-')}`)
          .join(', ')}.`,
      );
    },
  },
  'order:status': {
    usage: 'order:status <id> <status> [--note "…"]',
    help: 'move an order on: pending → confirmed → picked_up → shipped / on_the_way → delivered, or cancelled / refunded (only the allowed steps; the history is written, the shopper is emailed; cash on delivery becomes paid on delivery; cancelling returns stock and voucher)',
    args: 2,
    database: true,
    async run([id, status], { note }) {
      const origin = mailOrigin(); // first: nothing changes when the mail's links cannot be built
      await moveAndMail(async (tx) => [await changeStatus(orderId(id!), status!, note ?? null, tx)], origin, note);
    },
  },
  'order:confirm-transfer': {
    usage: 'order:confirm-transfer <id>',
    help: "the bank transfer of this order's purchase arrived: marks it paid and confirms its pending orders",
    args: 1,
    database: true,
    async run([id]) {
      const origin = mailOrigin();
      await moveAndMail((tx) => confirmTransfer(orderId(id!), tx), origin);
      console.log('The transfer is confirmed: the purchase is paid.');
    },
  },
  'order:refund': {
    usage: 'order:refund <id> [--note "…"]',
    help: 'a paid order that was cancelled or delivered has been refunded: marks it refunded and emails the shopper',
    args: 1,
    database: true,
    async run([id], { note }) {
      const origin = mailOrigin();
      await moveAndMail(async (tx) => [await changeStatus(orderId(id!), 'refunded', note ?? 'Refunded', tx)], origin, note);
    },
  },
  'setting:set': {
    usage: "setting:set <key> '<json>'",
    help: `replace one settings key with a JSON value, checked against its schema (keys: ${SETTING_KEYS.join(', ')}); e.g. setting:set bank_account '{"bank_name":"…","account_holder":"…","account_number":"…","iban":"","branch_name":"…","swift":""}' (bank transfer is offered once a bank and an account number or IBAN are set)`,
    args: 2,
    database: true,
    async run([key, json]) {
      if (!SETTING_KEYS.includes(key as keyof Settings)) throw new Error(`"${key}" is not a settings key (${SETTING_KEYS.join(', ')}).`);
      let value: unknown;
      try {
        value = JSON.parse(json!);
      } catch {
        throw new Error(`The value of "${key}" is not valid JSON.`);
      }
      try {
        await putSetting(key as keyof Settings, value as Settings[keyof Settings]);
      } catch (err) {
        const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
        if (!issues) throw err;
        throw new Error(
          `The value of "${key}" was refused: ${issues.map((i) => `${[key, ...i.path].join('.')}: ${i.message}`).join('; ')}.`,
        );
      }
      console.log(`Saved "${key}". A running shop picks it up within a few seconds.`);
    },
  },
  'user:role': {
    usage: 'user:role <email> <owner|staff|seller> [--grant read:order,update:order] [--store <slug>] [--revoke]',
    help: "give an account a back-office role (the first owner of an existing shop, recovery) or take it away with --revoke; staff get the --grant permissions, a seller works for --store; counts from the account's next request on every process",
    args: 2,
    database: true,
    async run([email, role], { grant, store, revoke }) {
      const done = await changeRole({
        email: email!,
        role: role!,
        grant: grant
          ?.split(',')
          .map((p) => p.trim())
          .filter(Boolean),
        store,
        revoke,
      });
      console.log(
        `${done.email}: roles ${done.roles.join(', ') || 'none'}${done.permissions.length ? `; permissions ${done.permissions.join(', ')}` : ''}${done.stores.length ? `; stores ${done.stores.join(', ')}` : ''}.`,
      );
    },
  },
  refunds: {
    usage: 'refunds',
    help: 'money the shop holds for orders that could not take it (a payment after a cancellation, a second charge): each refund due with its number, order, gateway, charge and amount',
    args: 0,
    database: true,
    async run() {
      const due = await listRefundsDue();
      if (!due.length) return console.log('No refund is due.');
      for (const r of due)
        console.log(
          `#${r.id}  order ${r.orderNo}  ${r.gateway} ${r.chargeRef}  ${toDecimal(r.amount, r.currency)} ${r.currency}  (${r.reason})${r.note ? `  ${r.note}` : ''}`,
        );
    },
  },
  'refund:retry': {
    usage: 'refund:retry <refund-number>',
    help: 'asks the gateway to refund this charge again now (Stripe, Razorpay, PayPal; once only at the gateway)',
    args: 1,
    database: true,
    async run([id]) {
      const state = await retryRefund(orderId(id!));
      console.log(state === 'refunded' ? 'Refunded.' : 'Still due: see npm run shop -- refunds for why.');
    },
  },
  'refund:done': {
    usage: 'refund:done <refund-number> [--note "…"]',
    help: 'you gave this money back yourself (in the gateway dashboard): marks the refund done and writes it in the order history',
    args: 1,
    database: true,
    async run([id], { note }) {
      await markRefunded(orderId(id!), note ?? null);
      console.log('Marked refunded.');
    },
  },
  'mail:queue': {
    usage: 'mail:queue',
    help: 'list the mail waiting to be sent and the mail that failed, with the last error (the back office shows the same at /admin/mail)',
    args: 0,
    database: true,
    async run() {
      console.log(await describeMailQueue());
    },
  },
  'uploads:migrate': {
    usage: 'uploads:migrate <s3|disk>',
    help: 'copy the uploaded files from DATA_DIR/uploads into the object store S3_BUCKET names (s3), or back (disk); URLs stay the same',
    args: 1,
    database: false,
    async run([to]) {
      if (to !== 's3' && to !== 'disk') throw new Error('Say where the files go: uploads:migrate s3 or uploads:migrate disk.');
      console.log(await migrateUploads(to));
    },
  },
  'uploads:sweep': {
    usage: 'uploads:sweep',
    help: 'remove uploaded files that no row names, older than a day (the server does it every 6 hours)',
    args: 0,
    database: true,
    async run() {
      const removed = await sweepOrphanUploads();
      console.log(`Removed ${removed.length} orphaned file${removed.length === 1 ? '' : 's'}.`);
    },
  },
  'reports:rebuild': {
    usage: 'reports:rebuild',
    help: "recount the reports' daily figures from the orders, cancellations and refunds (after changing the shop's time zone)",
    args: 0,
    database: true,
    async run() {
      const { days, productDays } = await rebuildReports();
      console.log(`Recounted the reports: ${days} day rows, ${productDays} product day rows.`);
    },
  },
  'ledger:backfill': {
    usage: 'ledger:backfill',
    help: "write the seller ledger's sales and commissions (at each store's rate) of orders paid before the ledger existed, and their refunds; once per order, safe to run again",
    args: 0,
    database: true,
    async run() {
      const { orders, rows } = await backfillLedger((await getSettings()).commission.default_rate_bp);
      console.log(`Wrote the seller ledger of ${orders} order${orders === 1 ? '' : 's'} (${rows} line${rows === 1 ? '' : 's'}).`);
    },
  },
  'mail:test': {
    usage: 'mail:test <to>',
    help: 'send a test message to this address the way the shop sends mail (SMTP_URL, else a file in DATA_DIR/mail)',
    args: 1,
    database: true,
    async run([to]) {
      console.log(await sendTestMail(to!, await siteName()));
    },
  },
};

const HELP = `Usage: npm run shop -- <command> [arguments]

Commands:
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}\n      ${c.help}`)
  .join('\n')}
  --help
      show this help

Every command works on the shop's database: DATABASE_URL when set, else the embedded one in DATA_DIR
(default ./data). With the embedded database, stop the server first (it belongs to one process); a shop
that must keep running while orders move on runs on PostgreSQL (docs/decisions/0021-orders-after-checkout.md).
A refused order change prints the reason and exits with code 1.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    help: { type: 'boolean', short: 'h' },
    yes: { type: 'boolean', short: 'y' },
    note: { type: 'string' },
    grant: { type: 'string' },
    store: { type: 'string' },
    revoke: { type: 'boolean' },
  },
});
const [name, ...args] = positionals;
if (values.help || !name || name === 'help') {
  console.log(HELP);
  process.exit(name || values.help ? 0 : 2);
}
const command = COMMANDS[name];
if (!command) {
  console.error(`Unknown command "${name}".\n\n${HELP}`);
  process.exit(2);
}
if (args.length < command.args) {
  console.error(`Usage: npm run shop -- ${command.usage}`);
  process.exit(2);
}

const flags: Flags = {
  yes: Boolean(values.yes),
  note: values.note,
  grant: values.grant,
  store: values.store,
  revoke: Boolean(values.revoke),
};
let code = 0;
try {
  if (command.database) {
    const env = getEnv();
    const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, pool: 2 });
    setDatabase(database);
    try {
      await migrateDatabase(database);
      await command.run(args, flags);
    } finally {
      setDatabase(undefined);
      await database.close();
    }
  } else {
    await command.run(args, flags);
  }
} catch (err) {
  console.error((err as Error).message);
  code = 1;
}
process.exit(code);
