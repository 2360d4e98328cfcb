import { route } from '@/server/web/route';
import { runQuery } from '@/server/web/queries';
import { customerExport } from '@/server/customers/queries';
import { PRIVATE_NO_STORE } from '@/server/web/cache';

/** Everything the shop holds on the customer, as a JSON download (GDPR's right of access). */
export const ALL = route({
  GET: async (ctx) => {
    const data = await runQuery(ctx, customerExport);
    const id = (data.account as { id: number }).id;
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="customer-${id}.json"`,
        'cache-control': PRIVATE_NO_STORE,
      },
    });
  },
});
