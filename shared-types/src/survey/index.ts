export * from './survey-choices.js';
export * from './template-rules.js';
export * from './stakeholder.js';
export * from './survey-template.js';
export * from './survey.js';
export * from './survey-api.js';
