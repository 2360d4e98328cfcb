export * from './site';
export * from './stores';
export * from './users';
export * from './catalog';
export * from './shopping';
export * from './orders';
export * from './search';
