import { defineQuery } from '@/server/core/query';
import { MessageIdSchema, MessagesQuerySchema, SubscribersQuerySchema } from '@/lib/schemas/moderation';
import { getMessage, listMessages } from '@/server/content/inbox';
import { listSubscribers } from '@/server/content/subscribers';

/** The contact form's messages (`/admin/messages`, `api/v1/admin/messages`), newest first. */
export const messagesList = defineQuery({
  name: 'messages.list',
  input: MessagesQuerySchema,
  auth: { can: 'update:content' },
  run: (input) => listMessages(input),
});

/** One contact message (`/admin/messages/{id}`, `api/v1/admin/messages/{id}`). */
export const messageOne = defineQuery({
  name: 'messages.one',
  input: MessageIdSchema,
  auth: { can: 'update:content' },
  run: ({ id }) => getMessage(id),
});

/** Newsletter subscribers (`/admin/subscribers`, `api/v1/admin/subscribers`), newest first. */
export const subscribersList = defineQuery({
  name: 'subscribers.list',
  input: SubscribersQuerySchema,
  auth: { can: 'update:content' },
  run: (input) => listSubscribers(input),
});
