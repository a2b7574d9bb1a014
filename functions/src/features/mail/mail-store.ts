import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CampusScope,
  type Caller,
  MAIL_QUEUE_PK,
  PAGE_SIZE,
  RECORD_ID,
  type SentMail,
  type SentMailDetail,
  TABLE,
  mailRecipientsPk,
  textOf,
  may,
} from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError, notFound } from '../../platform/lib/errors.js';
import {
  type MailItem,
  type RecipientItem,
  mailKey,
  mailState,
  mailsPk,
  recipientKey,
  toRecipient,
  toSentMail,
  withoutKeys,
} from './mail-items.js';
import { type AuditEvent, auditPut } from '../../platform/store/audit-store.js';
import { noteCampusChange } from '../../platform/store/campus-changes.js';
import { batchWrite } from '../../platform/store/batch.js';
import { enqueueMail } from './mail-queue.js';
import { readPartition } from '../../platform/store/partition.js';
import { assertWritable } from '../../platform/store/records.js';

/** Whether `caller` may see a mail: campus admins and group administrators see all of the campus's, faculty their own. */
const maySee = (caller: Caller, m: Pick<MailItem, 'created_by_sub'>) => may(caller, 'read-every-member') || m.created_by_sub === caller.sub;

/** A list cursor: the id of the last mail of the page (mail ids are UUIDv7s). */
const cursorOf = (key: Record<string, unknown> | undefined) => (key ? textOf(key.SK) : null);

/**
 * The campus's mails, newest first, one page (`PAGE_SIZE`) per Query; faculty get only the mails they sent (the
 * filter runs in the same Query).
 * @param next the previous page's `next`
 * @throws HttpError 400 for a cursor that is not a mail id
 */
export async function listMails(scope: CampusScope, caller: Caller, next?: string): Promise<{ data: SentMail[]; next: string | null }> {
  if (next !== undefined && !RECORD_ID.test(next)) throw new HttpError(400, 'The list cursor is not valid', { next: 'Not valid' });
  const own = !may(caller, 'read-every-member');
  const res = await documentClient().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': mailsPk(scope), ...(own ? { ':me': caller.sub } : {}) },
      ...(own ? { FilterExpression: 'created_by_sub = :me' } : {}),
      ScanIndexForward: false,
      Limit: PAGE_SIZE,
      ...(next ? { ExclusiveStartKey: { PK: mailsPk(scope), SK: next } } : {}),
    }),
  );
  const now = Date.now();
  return { data: (res.Items ?? []).map((i) => toSentMail(withoutKeys<MailItem>(i), now)), next: cursorOf(res.LastEvaluatedKey) };
}

/**
 * One mail as stored, if the caller may see it.
 * @throws HttpError 404 for an unknown id, another campus's mail, or (faculty) another member's
 */
export async function readMail(scope: CampusScope, caller: Caller, id: string): Promise<MailItem> {
  if (!RECORD_ID.test(id)) throw notFound('Mail');
  const res = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: mailKey(scope.campus, id) }));
  const mail = res.Item ? withoutKeys<MailItem>(res.Item) : undefined;
  if (!mail || !maySee(caller, mail)) throw notFound('Mail');
  return mail;
}

/**
 * A mail with every recipient and their histories, in the order given (one Query per 1 MB of recipients); none for a
 * mail that hides its recipients (an anonymous survey's).
 * @throws HttpError 404 as `readMail`
 */
export async function mailDetail(scope: CampusScope, caller: Caller, id: string): Promise<SentMailDetail> {
  const mail = await readMail(scope, caller, id);
  const recipients = (await readPartition(mailRecipientsPk(scope.campus, id))).map((i) => withoutKeys<RecipientItem>(i));
  return { ...toSentMail(mail), recipients: mail.recipients_hidden ? [] : recipients.map(toRecipient) };
}

/**
 * Hands a stopped mail to the worker again (`POST /api/send-mail/{id}/resume`): one whose worker died (`stalled`) or
 * that failed (SES unavailable, say). The worker goes on from where it stopped; nobody gets it twice.
 * @throws HttpError 404 as `readMail`, 409 when the mail is not stopped (still sending, or sent)
 */
export async function resumeMail(scope: CampusScope, caller: Caller, id: string): Promise<SentMail> {
  assertWritable(scope);
  const mail = await readMail(scope, caller, id);
  const state = mailState(mail);
  if (state !== 'stalled' && state !== 'failed')
    throw new HttpError(409, state === 'sent' ? 'This mail has been sent to everyone' : 'This mail is still being sent');
  await enqueueMail({ campus: scope.campus, mail: id });
  return toSentMail(mail);
}

/**
 * Stores a new mail: its recipients by BatchWriteItem (25 a call), then the mail, its entry in the unfinished-jobs
 * list (when a recipient is queued) and its audit entry in one transaction, so a mail is either whole or absent (its
 * id is new: a repeat is refused by the transaction's condition); then stamps the campus's group summaries stale.
 */
export async function putQueuedMail(
  scope: CampusScope,
  mail: MailItem,
  recipients: readonly RecipientItem[],
  audit: AuditEvent,
): Promise<void> {
  const requests = recipients.map((item) => ({
    PutRequest: { Item: { ...recipientKey(scope.campus, mail.id, item.index), entityType: 'mail-recipient', ...item } },
  }));
  for (let i = 0; i < requests.length; i += 25) await batchWrite(requests.slice(i, i + 25));
  const queued = {
    Put: {
      TableName: config().tableName,
      Item: {
        [TABLE.partitionKey]: MAIL_QUEUE_PK,
        [TABLE.sortKey]: `${scope.campus}#${mail.id}`,
        campus: scope.campus,
        mail: mail.id,
        at: mail.created_at,
      },
    },
  };
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: config().tableName,
            Item: { ...mailKey(scope.campus, mail.id), entityType: 'sent-mail', ...mail },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        ...(mail.state === 'queued' ? [queued] : []),
        auditPut(scope, audit),
      ],
    }),
  );
  await noteCampusChange(scope.campus);
}
