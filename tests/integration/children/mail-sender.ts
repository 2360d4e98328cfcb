// A server process's mail sender alone, for tests/integration/mail-kill.test.ts: opens DATABASE_URL, says
// "sending" and sends what is due through SMTP_URL — the test kills it with SIGKILL in the middle.
import { openDatabase, setDatabase } from '../../../src/server/db/client';
import { deliverDue } from '../../../src/server/mail/sender';

const database = await openDatabase({ url: process.env.DATABASE_URL!, pool: 2 });
setDatabase(database);
process.stdout.write('sending\n');
const out = await deliverDue();
process.stdout.write(`done ${JSON.stringify(out)}\n`);
await database.close();
