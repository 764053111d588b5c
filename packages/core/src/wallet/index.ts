export * from './amounts';
export * from './display';
export * from './logos';
export * from './messages';
export * from './networks';
export * from './dashboard-schemas';
export * from './schemas';
