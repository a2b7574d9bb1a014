/** The `mail` feature as other features see it: everything they may import from it. */

export { mailsPk } from './mail-items.js';
export { type MailSender, queueMail } from './queue-mail.js';
export { suppressedAddresses } from './suppression-store.js';
export { type MailJob, enqueueMail, onMailQueueJob } from './mail-queue.js';
