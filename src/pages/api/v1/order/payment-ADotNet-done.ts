import { route } from '@/server/web/route';
import { readBody } from '@/server/web/body';
import { fieldsOf, settledAnswer } from '@/server/web/payment-answer';
import { handleAuthorizeNetDone } from '@/server/payments/authorize-net';

/**
 * An Authorize.Net card payment is done: `{trans_id}` (from Accept Hosted's iframe communicator or an
 * API client). The transaction is read from Authorize.Net before anything is marked paid.
 */
export const ALL = route({
  POST: async ({ request }) => {
    const body = fieldsOf(await readBody(request));
    return settledAnswer(request, await handleAuthorizeNetDone(String(body.trans_id ?? body.transId ?? '')));
  },
});
