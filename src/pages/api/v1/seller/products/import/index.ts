import { route } from '@/server/web/route';
import { serveAction } from '@/server/web/actions';
import { serveQuery } from '@/server/web/queries';
import { uploadImportAction } from '@/server/catalog/bulk/actions';
import { importPreview } from '@/server/catalog/bulk/queries';

/**
 * POST (multipart `file`, a products.csv): checked and previewed → `{upload, preview}`, nothing written; any problem
 * is a 422 naming the file and line. GET `?upload=`: that upload's preview read again.
 */
export const ALL = route({ GET: serveQuery(importPreview), POST: serveAction(uploadImportAction) });
