export * from './audit-entry.js';
export * from './frozen-year.js';
