import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '@/server/db/schema/common';

/** Key/value settings: `setting`, `site_setting`, `header_links`, banners, footer lists. Values are validated by zod on read. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const languages = pgTable('languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  predefined: boolean('predefined').notNull().default(false),
  key: text('key'),
  direction: text('direction', { enum: ['ltr', 'rtl'] })
    .notNull()
    .default('ltr'),
  isDefault: boolean('is_default').notNull().default(false),
  status: integer('status').notNull().default(1),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  phoneCode: text('phone_code').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: id(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_country_code_uq').on(t.countryCode, t.code)],
);

export const staticPages = pgTable('static_pages', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** Sanitized HTML. */
  content: text('content').notNull(),
  metaDescription: text('meta_description'),
  status: integer('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A static page's or blog post's version in another language (`kind` 'page' | 'post'): its title and sanitized
 * HTML. The row of static_pages / blog_posts is the default language's; a language without a version falls back to it.
 */
export const contentTranslations = pgTable(
  'content_translations',
  {
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    content: text('content').notNull(),
    /** The language's summary (a post's excerpt, a page's description); null: the default language's. */
    summary: text('summary'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId, t.lang] })],
);

export const blogPosts = pgTable('blog_posts', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull().default(''),
  /** Sanitized HTML. */
  content: text('content').notNull(),
  image: text('image'),
  author: text('author'),
  category: text('category'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  status: integer('status').notNull().default(1),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/** A post's former slugs: `/blog/{old}` answers a permanent redirect to the post's current address. */
export const blogSlugRedirects = pgTable(
  'blog_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('blog_slug_redirects_post_idx').on(t.postId)],
);

/** Double opt-in: a row is pending until its confirmation link is opened (`confirmedAt`). */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: id(),
  email: text('email').notNull().unique(),
  /** Random token of the confirmation and unsubscribe links (sent in every newsletter mail). */
  token: text('token'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  /** The back office's inbox: when it was answered (by mail from the screen, or marked so) and the answer sent. */
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  answer: text('answer'),
  createdAt: createdAt(),
});

/** Fixed-window counters for throttling, shared by every process through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: createdAt(),
});
