export * from './levels';
export * from './rubric';
export * from './score';
export * from './rubric-markdown';
export * from './detail-rows';
export * from './combine';
