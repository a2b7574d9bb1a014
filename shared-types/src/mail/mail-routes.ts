import * as z from 'zod/mini';
import { body, defineRoute, empty, item, page } from '../api/contract.js';
import { MAIL_SUPPRESSION_PATH } from './mail-api.js';

/** Path of Send Mail (the `sentMail` record type's path). */
export const SEND_MAIL_PATH = '/api/send-mail';

/** Who may read and change the suppression list: campus admins, and group administrators reading a campus. */
const SUPPRESSION_ROLES = ['admin', 'group-admin'] as const;

/**
 * `GET /api/send-mail[?next=]`: the campus's mails newest first, one page, each with its counts by status; faculty see
 * their own.
 */
export const listMailsRoute = defineRoute({
  method: 'GET',
  path: SEND_MAIL_PATH,
  domain: 'utilities',
  summary: "The campus's mails, newest first, with their counts by delivery status",
  query: z.object({ next: z.optional(z.string()) }),
  answer: page('SentMail'),
  errors: [400, 401],
});

/**
 * `POST /api/send-mail` (admins and faculty): queues a mail, one message per address, 201 `SendMailResponse` (the mail
 * and the addresses skipped as suppressed). The body is a `sentMail` record (`to`, `cc`, `subject`, `email_body`,
 * `signature`, `role`, `attachments`, `department`), checked by the record type's rules (400 with field messages:
 * `Not valid email`, `Required`). Admins mail anyone; faculty only the students of their own courses (403 otherwise).
 * The body's HTML is sanitised; attachments must be the sender's confirmed uploads, at most 10 MB in all.
 */
export const sendMailRoute = defineRoute({
  method: 'POST',
  path: SEND_MAIL_PATH,
  domain: 'utilities',
  summary: 'Queue a mail to its recipients (each gets their own message)',
  description: 'The body is a Sent mail record, checked by that record type’s rules.',
  roles: ['admin', 'faculty'],
  forbidden: 'Your role does not allow sending mail',
  body: z.record(z.string(), z.unknown(), { error: 'Must be an object' }),
  answer: body('SendMailResponse', 201),
  errors: [400, 401, 403, 404, 413],
});

/** `GET /api/send-mail/{mail}`: one mail with every recipient's status and history (`SentMailDetail`); 404 for another's. */
export const mailDetailRoute = defineRoute({
  method: 'GET',
  path: `${SEND_MAIL_PATH}/{mail}`,
  domain: 'utilities',
  summary: "One mail with every recipient's delivery status and history",
  answer: item('SentMailDetail'),
  errors: [401, 404],
});

/** `POST /api/send-mail/{mail}/resume`: hands a stalled or failed mail to the worker again (`SentMail`); 409 when it is not stopped. */
export const resumeMailRoute = defineRoute({
  method: 'POST',
  path: `${SEND_MAIL_PATH}/{mail}/resume`,
  domain: 'utilities',
  summary: 'Send a stalled or failed mail again',
  answer: item('SentMail'),
  errors: [401, 403, 404, 409],
});

/** `GET /api/mail-suppression` (admins; group administrators read): the campus's suppression list by address; faculty 403. */
export const suppressionListRoute = defineRoute({
  method: 'GET',
  path: MAIL_SUPPRESSION_PATH,
  domain: 'utilities',
  summary: "The campus's suppression list: addresses that bounced permanently or complained",
  roles: SUPPRESSION_ROLES,
  answer: page('SuppressedAddress'),
  errors: [401, 403],
});

/**
 * `DELETE /api/mail-suppression/{address}` (admins): takes one address off the list (204), so later mail goes to it
 * again; 404 when it is not on the list; faculty 403.
 */
export const clearSuppressionRoute = defineRoute({
  method: 'DELETE',
  path: `${MAIL_SUPPRESSION_PATH}/{address}`,
  domain: 'utilities',
  summary: 'Take an address off the suppression list',
  // A group administrator reads the list of a campus it reads; only the campus's admins change it.
  roles: ['admin'],
  forbidden: 'Only campus administrators may take an address off the list',
  answer: empty(),
  errors: [401, 403, 404],
});

/** Every mail route, in the order the API serves them. */
export const MAIL_ROUTES = [
  listMailsRoute,
  sendMailRoute,
  mailDetailRoute,
  resumeMailRoute,
  suppressionListRoute,
  clearSuppressionRoute,
] as const;
