export * from './report-view.js';
export * from './report-catalogue.js';
export * from './sar.js';
export * from './report-picker-names.js';
export * from './report-routes.js';
