export * from './group-constants.js';
export * from './group-api.js';
export * from './rollup.js';
export * from './dashboard.js';
export * from './group-routes.js';
