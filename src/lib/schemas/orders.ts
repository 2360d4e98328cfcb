import { z } from 'zod';
import { EMAIL_PATTERN, isSafeText, recordId, unsafeTextMessage } from '@/lib/schemas/fields';

/** Empty form fields mean "not given". */
const blankIsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const CANCEL_REASON_MAX = 500;
export const CANCEL_REASON_MESSAGE = 'Please tell us why you are cancelling this order.';

/** `cancellation/cancel-order {order_id, reason}`. */
export const CancelOrderSchema = z.object({
  order_id: recordId('Order'),
  reason: z
    .string({ error: CANCEL_REASON_MESSAGE })
    .trim()
    .min(1, CANCEL_REASON_MESSAGE)
    .max(CANCEL_REASON_MAX, `The reason is too long (at most ${CANCEL_REASON_MAX} characters).`)
    .refine((v) => isSafeText(v, true), unsafeTextMessage('The reason')),
});

const PAGE_MESSAGE = 'Page must be a whole number from 1.';

/** `order/by-user?order_id=&page=`. */
export const OrdersQuerySchema = z.object({
  order_id: z.preprocess(blankIsUndefined, recordId('Order').optional()),
  page: z.preprocess(
    blankIsUndefined,
    z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(100000, PAGE_MESSAGE).optional(),
  ),
});

export const TRACK_NUMBER_MESSAGE = 'Enter your order number.';
export const TRACK_CONTACT_MESSAGE = 'Enter the email or the phone number you gave with the order.';

/** `track-order?order_id=&email=` (or `phone=`). */
export const TrackOrderSchema = z
  .object({
    order_id: z.string({ error: TRACK_NUMBER_MESSAGE }).trim().min(1, TRACK_NUMBER_MESSAGE).max(40, TRACK_NUMBER_MESSAGE),
    email: z.preprocess(blankIsUndefined, z.string().trim().max(254, 'Invalid email').regex(EMAIL_PATTERN, 'Invalid email').optional()),
    phone: z.preprocess(
      blankIsUndefined,
      z
        .string()
        .trim()
        .max(30, TRACK_CONTACT_MESSAGE)
        .regex(/^[\d\s()+.-]{6,30}$/, TRACK_CONTACT_MESSAGE)
        .optional(),
    ),
  })
  .refine((v) => v.email !== undefined || v.phone !== undefined, { message: TRACK_CONTACT_MESSAGE, path: ['email'] });
export type TrackOrderInput = z.infer<typeof TrackOrderSchema>;
