export * from './dex-config';
export * from './defaults';
export * from './v2-math';
