export * from './evidence';
export * from './evidence-words';
export * from './messages';
export * from './schemas';
