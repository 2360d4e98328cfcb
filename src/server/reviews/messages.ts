import { AppError } from '@/server/core/errors';
import type { ReviewRefusal } from '@/server/reviews/rules';
import { REVIEW_MAX_IMAGES } from '@/lib/schemas/reviews';

/** Another user's order and a missing one answer alike: 404, nothing about whose it is. */
const REFUSALS: Record<ReviewRefusal, () => AppError> = {
  notFound: () => new AppError({ code: 'NOT_FOUND', message: 'reviews.orderNotFound' }),
  notInOrder: () =>
    new AppError({ code: 'VALIDATION', message: 'reviews.notInOrder', details: { fields: { product_id: 'reviews.notInOrder' } } }),
  notDelivered: () => new AppError({ code: 'CONFLICT', message: 'reviews.notDelivered' }),
};

export const refusalError = (why: ReviewRefusal) => REFUSALS[why]();

export const tooManyImages = () =>
  new AppError({
    code: 'VALIDATION',
    message: 'reviews.tooManyImages',
    vars: { max: REVIEW_MAX_IMAGES },
    details: { fields: { images: 'reviews.tooManyImages' } },
  });

export const reviewNotFound = () => new AppError({ code: 'NOT_FOUND', message: 'reviews.reviewNotFound' });
