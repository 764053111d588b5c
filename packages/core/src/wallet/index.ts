export * from './amounts';
export * from './display';
export * from './messages';
export * from './networks';
export * from './schemas';
