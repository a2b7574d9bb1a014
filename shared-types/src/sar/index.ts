export * from './sar-format.js';
export * from './nba-tables.js';
export * from './formats.js';
export * from './readiness-rule.js';
export * from './sar-data.js';
export * from './readiness-view.js';
export * from './batch-import.js';
export * from './table-rows.js';
