import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { confirmImportAction } from '@/server/catalog/bulk/actions';

/** POST `{upload}`: the previewed file checked again and written in one transaction → the counts. */
export const ALL = route({ POST: serveAction(confirmImportAction) });
