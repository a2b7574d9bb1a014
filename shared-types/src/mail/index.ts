export * from './sent-mail.js';
export * from './mail-status.js';
export * from './mail-api.js';
