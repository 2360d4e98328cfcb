export * from '@/server/db/schema/site';
export * from '@/server/db/schema/stores';
export * from '@/server/db/schema/users';
export * from '@/server/db/schema/catalog';
export * from '@/server/db/schema/shopping';
export * from '@/server/db/schema/orders';
export * from '@/server/db/schema/search';
export * from '@/server/db/schema/payment-events';
