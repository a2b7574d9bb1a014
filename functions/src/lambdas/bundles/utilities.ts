import { AUDIT_ENDPOINTS } from '../../features/audit/audit-routes.js';
import { SEND_MAIL_ENDPOINTS } from '../../features/mail/send-mail-routes.js';
import { SUPPRESSION_ENDPOINTS } from '../../features/mail/suppression-routes.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `utilities` domain (spec part 2 Utilities): Send Mail (`/api/send-mail`: queue a mail, list the
 * campus's mails with their delivery receipts, resume a stopped one), the campus's suppression list and the audit
 * trail (`/api/audit`, read only). Sending
 * itself is the bulk-mail worker's (`handlers/mail-sender.ts`); receipts are the receipts Lambda's.
 */
export const utilitiesDomain = defineDomain({
  name: 'utilities',
  entities: [],
  behaviours: [],
  endpoints: [...SEND_MAIL_ENDPOINTS, ...SUPPRESSION_ENDPOINTS, ...AUDIT_ENDPOINTS],
  sanitizeHtml,
});
