export * from './group-api.js';
export * from './rollup.js';
export * from './dashboard.js';
