import { defineAction } from '@/server/core/action';
import { signedInUser } from '@/server/core/actor';
import { ReturnRequestSchema, ReturnStepSchema } from '@/lib/schemas/refunds';
import { getStaffOrder } from '@/server/orders/manage';
import { requestReturn, stepReturn, type ReturnStep } from '@/server/orders/returns';
import { sendOrderEvent } from '@/server/orders/order-mail';
import { runAfterAnswer } from '@/server/core/background';
import { REVIEW_BODY_LIMIT } from '@/server/reviews/actions';

/** POST order/returns (multipart, or a plain form): the shopper asks to return lines of a delivered order, with photos. */
export const requestReturnAction = defineAction({
  name: 'order.return',
  input: ReturnRequestSchema,
  auth: 'user',
  upload: { limit: REVIEW_BODY_LIMIT },
  run: async (input, actor) => {
    const made = await requestReturn(signedInUser(actor).id, input, new Date(), actor);
    runAfterAnswer('return mail', () => sendOrderEvent({ order_id: made.order_id, email: made.email, event: 'requested' }, actor));
    return made;
  },
  message: 'orders.returns.requested',
  data: (r) => ({ order_id: r.order_id, return_id: r.id, status: 'requested' }),
  back: (r) => `/user/order/${r.order_id}#returns`,
});

const EVENT = { approve: 'approved', refuse: 'refused', receive: 'received' } as const;

/** A step on a return (`POST api/v1/{admin|seller}/orders/{id}/returns/{approve|refuse|receive} {return_id, reason?}`), in the caller's scope. */
function returnStepAction(step: ReturnStep) {
  return defineAction({
    name: `orders.return-${step}`,
    input: ReturnStepSchema,
    auth: { can: 'update:order' },
    // Stock put back on "received" is announced by the stock code.
    invalidates: [],
    run: async (input, actor, { scope, tx, audit }) => {
      await getStaffOrder(input.id, scope, tx);
      const done = await stepReturn(tx, input.id, input.return_id, step, input.reason);
      audit({
        entity: 'order_return',
        entityId: done.id,
        before: { status: done.from },
        after: { status: done.to, reason: input.reason || null },
      });
      runAfterAnswer('return mail', () =>
        sendOrderEvent({ order_id: done.order_id, email: done.email, event: EVENT[step], reason: input.reason || null }, actor),
      );
      return done;
    },
    message: `backoffice.returns.done.${step}`,
    data: ({ email: _email, ...r }) => ({ order_id: r.order_id, return_id: r.id, status: r.to }),
  });
}

export const approveReturnAction = returnStepAction('approve');
export const refuseReturnAction = returnStepAction('refuse');
export const receiveReturnAction = returnStepAction('receive');
