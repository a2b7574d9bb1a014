import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { StoredFile } from '@attain/shared-types';
import { MAX_MAIL_ATTACHMENT_BYTES, PERSONAL_LINK, fileSize } from '@attain/shared-types';
import { s3Client } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { escapeHtml } from '../../platform/lib/escape-html.js';
import { sniffFileType } from '../files/index.js';
import type { MailItem, RecipientItem } from './mail-items.js';
import { MAIL_TAGS } from './ses-event.js';

/** One attachment read back from S3 for sending: its stored description and its bytes. */
export interface LoadedAttachment {
  file: StoredFile;
  bytes: Uint8Array;
}

/** Raised when a mail cannot be sent at all (an attachment gone or changed): the mail fails with this sentence. */
export class MailFault extends Error {}

/**
 * Reads a mail's attachments from S3 once per worker pass and checks them again: each must still be there, be the
 * type its magic bytes said when it was confirmed, and all together at most `MAX_MAIL_ATTACHMENT_BYTES`.
 * @throws MailFault naming the file otherwise
 */
export async function loadAttachments(files: readonly StoredFile[]): Promise<LoadedAttachment[]> {
  if (!files.length) return [];
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = await s3Client();
  const out: LoadedAttachment[] = [];
  let total = 0;
  for (const file of files) {
    const obj = await s3.send(new GetObjectCommand({ Bucket: config().filesBucket, Key: file.key })).catch(() => undefined);
    const bytes = obj ? await obj.Body?.transformToByteArray() : undefined;
    if (!bytes) throw new MailFault(`The attachment "${file.name}" is no longer stored; send the mail again with it`);
    if (sniffFileType(bytes.subarray(0, 1024)) !== file.content_type)
      throw new MailFault(`The attachment "${file.name}" is not the file that was checked; send the mail again with it`);
    total += bytes.length;
    if (total > MAX_MAIL_ATTACHMENT_BYTES)
      throw new MailFault(`The attachments add up to more than ${fileSize(MAX_MAIL_ATTACHMENT_BYTES)}`);
    out.push({ file, bytes });
  }
  return out;
}

/**
 * The HTML a recipient gets: the sanitised body, with the recipient's own link (a survey invitation's) as an anchor
 * wherever the body has `PERSONAL_LINK`, then the signature as plain lines.
 */
export function mailHtml(m: Pick<MailItem, 'email_body' | 'signature'>, r?: Pick<RecipientItem, 'link'>): string {
  const sig = m.signature?.trim();
  const link = r?.link ? escapeHtml(r.link) : '';
  const body = m.email_body.split(PERSONAL_LINK).join(link ? `<a href="${link}">${link}</a>` : '');
  return sig ? `${body}<p>--<br>${escapeHtml(sig).replace(/\r?\n/g, '<br>')}</p>` : body;
}

/**
 * The header naming the campus, mail and recipient a message is for (`<campus>/<mail id>/<recipient index>`), kept with
 * the message by a mail store (the local SES emulator's, where the worker and the start-up reconciliation look).
 */
export const RECIPIENT_HEADER = 'X-Attain-Recipient';
/** The value of `RECIPIENT_HEADER` for one recipient of one mail. */
export const recipientRef = (campus: string, mailId: string, index: number) => `${campus}/${mailId}/${index}`;
/** The campus, mail and recipient a `RECIPIENT_HEADER` value names; undefined for anything else. */
export function readRecipientRef(value: string): { campus: string; mailId: string; index: number } | undefined {
  const m = /^([^/]+)\/([^/]+)\/(\d+)$/.exec(value);
  return m ? { campus: m[1], mailId: m[2], index: Number(m[3]) } : undefined;
}

/**
 * The SES v2 `SendEmail` request of one recipient: one message to that address alone, with the stack's
 * configuration set (so its events reach the receipts Lambda), the tags that tie those events back to this
 * campus, mail and recipient (`MAIL_TAGS`), and the same reference as a header (`RECIPIENT_HEADER`), which a mail
 * store keeps (the local SES emulator's, where the worker looks for a message it is in doubt about).
 */
export function sendEmailInput(
  campus: string,
  m: MailItem,
  r: RecipientItem,
  attachments: readonly LoadedAttachment[],
): SendEmailCommandInput {
  const configurationSet = config().mailConfigurationSet;
  return {
    FromEmailAddress: m.from,
    Destination: { ToAddresses: [r.address] },
    ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    EmailTags: [
      { Name: MAIL_TAGS.campus, Value: campus },
      { Name: MAIL_TAGS.mail, Value: m.id },
      { Name: MAIL_TAGS.recipient, Value: String(r.index) },
    ],
    Content: {
      Simple: {
        Subject: { Data: m.subject, Charset: 'UTF-8' },
        Body: { Html: { Data: mailHtml(m, r), Charset: 'UTF-8' } },
        Headers: [{ Name: RECIPIENT_HEADER, Value: recipientRef(campus, m.id, r.index) }],
        ...(attachments.length
          ? {
              Attachments: attachments.map((a) => ({
                FileName: a.file.name,
                RawContent: a.bytes,
                ContentType: a.file.content_type,
                ContentDisposition: 'ATTACHMENT' as const,
              })),
            }
          : {}),
      },
    },
  };
}
