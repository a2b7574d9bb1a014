import {
  SENT_MAIL_AUDIT_KIND,
  type CampusScope,
  MAX_MAIL_ATTACHMENT_BYTES,
  MAX_MAIL_RECIPIENTS,
  type RecipientStatus,
  type SendMailResponse,
  type SentMail,
  type StoredFile,
  fileSize,
  organization,
} from '@attain/shared-types';
import { v7 as uuidv7 } from 'uuid';
import type { AuditEvent } from '../../platform/store/audit-store.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';
import { assertWritable, findRecord } from '../../platform/store/records.js';
import { type MailItem, type RecipientItem, toSentMail, zeroCounts } from './mail-items.js';
import { putQueuedMail } from './mail-store.js';
import { enqueueMail } from './mail-queue.js';
import { suppressedAddresses } from './suppression-store.js';

/** A mail to send, checked and sanitised by the caller (the route validates the spec's fields). */
export interface OutgoingMail {
  to: readonly string[];
  cc?: readonly string[];
  subject: string;
  /** Sanitised HTML. */
  email_body: string;
  signature?: string;
  role?: SentMail['role'];
  department?: string;
  attachments?: readonly StoredFile[];
  purpose?: SentMail['purpose'];
  /** The mail's id when the caller must know it before queueing (survey invitees record it); default a new UUIDv7. */
  id?: string;
  /** Lower-cased address -> that recipient's own link, put where `email_body` has `PERSONAL_LINK` (survey invitations). */
  links?: ReadonlyMap<string, string>;
  /** Keep the recipients from every view and the audit trail (counts only): an anonymous survey's mail. */
  hideRecipients?: boolean;
}

/** Who sends: written to `created_by`; faculty list only the mails their user id sent. */
export interface MailSender {
  user: string;
  sub: string;
}

/**
 * The campus's sender: its organization's `mail_from` (shown as the campus's name), else the stack's `MAIL_FROM`.
 * @throws HttpError 400 when neither is set
 */
async function senderOf(scope: CampusScope): Promise<string> {
  const org = await findRecord(scope, organization, scope.campus);
  const address = org?.mail_from || config().mailFrom;
  if (!address)
    throw new HttpError(400, 'This campus has no sender address for mail: set "Send mail from" in Configuration > Organization', {
      to: 'No sender address',
    });
  const name = org?.name?.replace(/["\\\r\n]/g, ' ').trim();
  return name ? `"${name}" <${address}>` : address;
}

/** At most this many addresses are named in a mail's audit entry; a longer list is counted. */
const AUDITED_ADDRESSES = 50;

/**
 * The audit entry of a queued mail (`sent-mail`): its subject, purpose and recipients (named; counted when many, or
 * when the mail hides them).
 */
function mailAudit(mail: MailItem): AuditEvent {
  const addresses = (list: readonly string[]) =>
    mail.recipients_hidden
      ? `${list.length} address${list.length === 1 ? '' : 'es'}`
      : list.length <= AUDITED_ADDRESSES
        ? list.join(', ')
        : `${list.slice(0, AUDITED_ADDRESSES).join(', ')} and ${list.length - AUDITED_ADDRESSES} more`;
  return {
    action: 'create',
    entity: SENT_MAIL_AUDIT_KIND,
    record_id: mail.id,
    record_label: mail.subject,
    changes: [
      { field: 'subject', label: 'Subject', new: mail.subject },
      { field: 'purpose', label: 'Purpose', new: mail.purpose },
      { field: 'to', label: 'To', new: addresses(mail.to) },
      ...(mail.cc.length ? [{ field: 'cc', label: 'Cc', new: addresses(mail.cc) }] : []),
    ],
  };
}

/**
 * Queues a mail: one recipient item per distinct address of `to` then `cc` (lower case, each once),
 * addresses on the campus's suppression list marked `skipped` with the reason, the mail item with its counts, and
 * the job handed to the worker (`enqueueMail`). Nothing is sent here: the worker sends at SES's rate.
 * Writes: the recipients by BatchWriteItem (25 a call), then the mail, its entry in the unfinished-jobs list and its
 * audit entry in one transaction, so a mail is either whole or absent.
 * @returns the queued mail and the addresses skipped, with why
 * @throws HttpError 400 (too many recipients, attachments over 10 MB, no sender address), 403 through a read-only scope
 */
export async function queueMail(scope: CampusScope, sender: MailSender, m: OutgoingMail): Promise<SendMailResponse> {
  assertWritable(scope);
  const seen = new Set<string>();
  const list: { address: string; kind: 'to' | 'cc' }[] = [];
  for (const [kind, addresses] of [
    ['to', m.to],
    ['cc', m.cc ?? []],
  ] as const)
    for (const a of addresses) {
      const address = a.trim().toLowerCase();
      if (address && !seen.has(address)) {
        seen.add(address);
        list.push({ address, kind });
      }
    }
  if (!list.length) throw new HttpError(400, 'Give at least one recipient', { to: 'Required' });
  if (list.length > MAX_MAIL_RECIPIENTS)
    throw new HttpError(400, `A mail may go to at most ${MAX_MAIL_RECIPIENTS.toLocaleString('en-IN')} addresses`, {
      to: 'Too many addresses',
    });
  const attachments = [...(m.attachments ?? [])];
  const bytes = attachments.reduce((n, f) => n + f.size, 0);
  if (bytes > MAX_MAIL_ATTACHMENT_BYTES)
    throw new HttpError(
      400,
      `The attachments add up to ${fileSize(bytes)}; a mail may carry at most ${fileSize(MAX_MAIL_ATTACHMENT_BYTES)}`,
      {
        attachments: `At most ${fileSize(MAX_MAIL_ATTACHMENT_BYTES)} in all`,
      },
    );
  const from = await senderOf(scope);
  const suppressed = new Map((await suppressedAddresses(scope)).map((s) => [s.address, s]));

  const id = m.id ?? uuidv7();
  const now = new Date().toISOString();
  const counts = zeroCounts();
  const skipped: SendMailResponse['skipped'] = [];
  const recipients: RecipientItem[] = list.map(({ address, kind }, index) => {
    const on = suppressed.get(address);
    const status: RecipientStatus = on ? 'skipped' : 'queued';
    counts[status]++;
    const note = on
      ? `Not sent: on the campus's suppression list since ${on.at.slice(0, 10)} (${on.reason === 'complaint' ? 'complained' : 'bounced'})`
      : undefined;
    if (note) skipped.push({ address, reason: note });
    return {
      index,
      address,
      kind,
      status,
      status_at: now,
      ...(note ? { note } : {}),
      ...(m.links?.get(address) ? { link: m.links.get(address) } : {}),
      history: [{ event: status, at: now, ...(note ? { detail: note } : {}) }],
    };
  });

  const waiting = counts.queued > 0;
  const mail: MailItem = {
    id,
    to: list.filter((r) => r.kind === 'to').map((r) => r.address),
    cc: list.filter((r) => r.kind === 'cc').map((r) => r.address),
    subject: m.subject,
    email_body: m.email_body,
    ...(m.signature ? { signature: m.signature } : {}),
    ...(m.role ? { role: m.role } : {}),
    ...(m.department ? { department: m.department } : {}),
    attachments,
    state: waiting ? 'queued' : 'sent',
    total: list.length,
    counts,
    opened: 0,
    clicked: 0,
    cursor: 0,
    from,
    purpose: m.purpose ?? 'mail',
    ...(m.hideRecipients ? { recipients_hidden: true } : {}),
    created_by: scope.actor,
    created_by_sub: sender.sub,
    created_at: now,
    updated_at: now,
  };
  await putQueuedMail(scope, mail, recipients, mailAudit(mail));
  if (waiting) await enqueueMail({ campus: scope.campus, mail: id });
  return { message: 'successfully created', data: toSentMail(mail), skipped };
}
