import { route } from '@/server/web/route';
import { serveQuery } from '@/server/web/queries';
import { ledgerLineOne } from '@/server/money/queries';

/** One line of the seller's ledger; another store's answers 404. */
export const ALL = route({ GET: serveQuery(ledgerLineOne) });
