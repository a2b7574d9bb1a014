export * from './report-view.js';
export * from './report-catalogue.js';
export * from './sar.js';
