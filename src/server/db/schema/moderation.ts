import { pgTable, primaryKey, integer } from 'drizzle-orm/pg-core';
import { createdAt } from '@/server/db/schema/common';
import { reviews } from '@/server/db/schema/orders';
import { users } from '@/server/db/schema/users';

/** A shopper's report of a review (one per shopper and review); `reviews.reports` counts them. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);
