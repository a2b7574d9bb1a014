import { listMailsRoute, mailDetailRoute, resumeMailRoute, sendMailRoute, sentMail, may } from '@attain/shared-types';
import { checkAttachedFiles } from '../../platform/store/attached-files.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';
import { assertOwnStudents } from './faculty-audience.js';
import { listMails, mailDetail, resumeMail } from './mail-store.js';
import { queueMail } from './queue-mail.js';
import { resolveReferences } from '../../platform/store/references.js';
import { cleanBody } from '../../platform/http/crud-router.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * `/api/send-mail` (spec part 2 §7), as its contracts declare it (`listMailsRoute`, `sendMailRoute`, `mailDetailRoute`,
 * `resumeMailRoute`): queueing a mail (the `sentMail` record type's rules; admins mail anyone, faculty only the students
 * of their own courses; the HTML sanitised; attachments the sender's confirmed uploads), the campus's mails newest
 * first (faculty see their own), one mail with every recipient, and resuming a stalled or failed mail.
 */
export const SEND_MAIL_ENDPOINTS: readonly Endpoint[] = [
  endpoint(listMailsRoute, async (c, { query }) => listMails(c.var.scope, c.var.caller, query.next || undefined)),
  endpoint(sendMailRoute, async (c, { body }) => {
    const { caller, scope } = c.var;
    const { data } = cleanBody(sentMail, body, 'create', sanitizeHtml);
    await resolveReferences(scope, sentMail, data);
    await checkAttachedFiles(scope, sentMail, data, [caller.sub]);
    const to = data.to ?? [];
    const cc = data.cc ?? [];
    if (!may(caller, 'administer-campus')) await assertOwnStudents(scope, caller, [...to, ...cc]);
    return queueMail(scope, caller, {
      to,
      cc,
      subject: data.subject,
      email_body: data.email_body,
      signature: data.signature ?? undefined,
      role: data.role ?? undefined,
      department: data.department ?? undefined,
      attachments: data.attachments ?? [],
    });
  }),
  endpoint(mailDetailRoute, async (c, { params }) => ({ data: await mailDetail(c.var.scope, c.var.caller, params.mail) })),
  endpoint(resumeMailRoute, async (c, { params }) => ({
    message: 'Sending again',
    data: await resumeMail(c.var.scope, c.var.caller, params.mail),
  })),
];
