import { MAIL_SUPPRESSION_PATH } from '@attain/shared-types';
import { sendMailRouter } from '../http/send-mail-routes.js';
import { suppressionRouter } from '../http/suppression-routes.js';
import { sanitizeHtml } from '../lib/sanitize-html.js';
import { defineDomain } from './domain-module.js';

/**
 * The `utilities` domain (spec part 2 Utilities; issue 13): Send Mail (`/api/send-mail`: queue a mail, list the
 * campus's mails with their delivery receipts, resume a stopped one) and the campus's suppression list. Sending
 * itself is the bulk-mail worker's (`handlers/mail-sender.ts`); receipts are the receipts Lambda's.
 */
export const utilitiesDomain = defineDomain({
  name: 'utilities',
  behaviours: [],
  routes: [
    { path: '/api/send-mail', router: sendMailRouter },
    { path: MAIL_SUPPRESSION_PATH, router: suppressionRouter },
  ],
  sanitizeHtml,
});
