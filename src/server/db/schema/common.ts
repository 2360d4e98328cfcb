import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Primary key shared by most tables: an identity integer. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** Money is kept in integer minor units (cents), never floats. */
export const money = (name: string) => integer(name).notNull().default(0);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
