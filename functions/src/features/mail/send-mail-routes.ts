import {
  type ItemResponse,
  type ListResponse,
  type SendMailResponse,
  type SentMail,
  type SentMailDetail,
  type StoredFile,
  sentMail,
} from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { checkAttachedFiles } from '../../platform/store/attached-files.js';
import { HttpError } from '../../platform/lib/errors.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';
import { assertOwnStudents } from './faculty-audience.js';
import { listMails, mailDetail, resumeMail } from './mail-store.js';
import { queueMail } from './queue-mail.js';
import { resolveReferences } from '../../platform/store/references.js';
import type { AppEnv } from '../../platform/http/context.js';
import { cleanBody } from '../../platform/http/crud-router.js';
import { readJson } from '../../platform/http/read-json.js';

/**
 * `/api/send-mail` (spec part 2 §7):
 * - `POST /` body `to, cc, subject, email_body, signature, role, attachments, department` (the `sentMail` entity's
 *   rules: `Not valid email`, `Required`): queues the mail, one message per address, and answers 201
 *   `SendMailResponse` (the mail and the addresses skipped as suppressed). Campus admins mail anyone; faculty only the
 *   students of their own courses (403 otherwise). The body's HTML is sanitised; attachments must be the sender's
 *   confirmed uploads, at most 10 MB in all.
 * - `GET /` lists the campus's mails newest first (`?next=`), each with its counts by status; faculty see their own.
 * - `GET /{id}` one mail with every recipient's status and history.
 * - `POST /{id}/resume` hands a stalled or failed mail to the worker again.
 */
export function sendMailRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/', async (c) => {
    const page: ListResponse<SentMail> = await listMails(c.var.scope, c.var.caller, c.req.query('next') || undefined);
    return c.json(page);
  });
  r.post('/', async (c) => {
    const { caller, scope } = c.var;
    if (caller.role !== 'admin' && caller.role !== 'faculty') throw new HttpError(403, 'Your role does not allow sending mail');
    const { data } = cleanBody(sentMail, await readJson(c), 'create', sanitizeHtml);
    await resolveReferences(scope, sentMail, data);
    await checkAttachedFiles(scope, sentMail, data, [caller.sub]);
    const to = (data.to as string[] | undefined) ?? [];
    const cc = (data.cc as string[] | undefined) ?? [];
    if (caller.role === 'faculty') await assertOwnStudents(scope, caller, [...to, ...cc]);
    const answer: SendMailResponse = await queueMail(scope, caller, {
      to,
      cc,
      subject: String(data.subject),
      email_body: String(data.email_body),
      signature: (data.signature as string | null | undefined) ?? undefined,
      role: (data.role as SentMail['role'] | null | undefined) ?? undefined,
      department: (data.department as string | null | undefined) ?? undefined,
      attachments: (data.attachments as StoredFile[] | null | undefined) ?? [],
    });
    return c.json(answer, 201);
  });
  r.get('/:id', async (c) => {
    const data: SentMailDetail = await mailDetail(c.var.scope, c.var.caller, c.req.param('id'));
    return c.json({ data } satisfies ItemResponse<SentMailDetail>);
  });
  r.post('/:id/resume', async (c) => {
    const data: SentMail = await resumeMail(c.var.scope, c.var.caller, c.req.param('id'));
    return c.json({ message: 'Sending again', data } satisfies ItemResponse<SentMail>);
  });
  return r;
}
