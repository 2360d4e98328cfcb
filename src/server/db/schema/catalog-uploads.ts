import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@/server/db/schema/users';

/**
 * A catalogue file uploaded in the back office and checked, waiting for its uploader to confirm the preview
 * (`/admin/products/import`, issue 33). Kept in the database so every process (and machine) can confirm it;
 * confirming or a newer upload removes it, and uploads older than a day are dropped on the next upload.
 */
export const catalogUploads = pgTable(
  'catalog_uploads',
  {
    /** A random token: the preview page's address and the confirm form's field. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The file's name as uploaded (errors name it: "prices.csv line 7: …"). */
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_uploads_user_idx').on(t.userId)],
);
