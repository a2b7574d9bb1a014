import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Who the Send Mail role picker fills the recipients with (spec part 2 §6): a department's `admin`s or its other
 * users (`user`: faculty). Attain's users carry a role rather than an "admin"/"user" designation, so the picker
 * filters by role (docs/decisions/0019-send-mail.md).
 */
export const MAIL_ROLES = ['admin', 'user'] as const;
export type MailRole = (typeof MAIL_ROLES)[number];

/** Most recipients (`to` and `cc` together) of one mail: a whole campus, or 2,000 alumni, with room to spare. */
export const MAX_MAIL_RECIPIENTS = 5000;
/** Most `cc` addresses of one mail. */
export const MAX_MAIL_CC = 50;
/** Largest total size of a mail's attachments, in bytes (10 MB; SES v2 allows up to 40 MB per message). */
export const MAX_MAIL_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * Sent mail (spec part 2 §3: to, cc, subject, email_body, signature, role, attachments, department; §5: `to` must be
 * valid e-mail addresses, subject and email_body required). The body is rich text, sanitised by the server before it
 * is stored or sent. Every address of `to` and `cc` gets its own message (one delivery receipt each). Not a generic
 * CRUD entity: `POST /api/send-mail` queues the mail and `GET /api/send-mail` lists it with its receipts; a sent mail
 * is never edited.
 */
export const sentMail = defineEntity({
  name: 'sent-mail',
  label: 'Mail',
  path: '/api/send-mail',
  domain: 'utilities',
  writeRoles: ['admin', 'faculty'],
  display: 'subject',
  fields: [
    f.ref('department', 'Department', 'department', { refLabel: 'short_name' }),
    f.enum('role', 'Role', MAIL_ROLES, { choiceLabels: { admin: 'Administrators', user: 'Faculty' } }),
    f.emails('to', 'To', { required: true, maxItems: MAX_MAIL_RECIPIENTS }),
    f.emails('cc', 'Cc', { maxItems: MAX_MAIL_CC }),
    f.string('subject', 'Subject', { required: true, max: 200 }),
    f.html('email_body', 'Message', { required: true, max: 200_000 }),
    f.text('signature', 'Signature', { max: 1000 }),
    f.files('attachments', 'Attachments', 'attachment', { maxItems: 10 }),
  ],
  columns: ['subject', 'to', 'department', 'role'],
});
