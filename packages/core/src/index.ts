export * from './chains/chains';
export * from './routes/web-routes';
export * from './routes/api-paths';
export * from './auth/messages';
export * from './auth/schemas';
export * from './timings';
export * from './ico/schemas';
export * from './favourites/schemas';
