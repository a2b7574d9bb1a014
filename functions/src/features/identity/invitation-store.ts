import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type CampusScope, TABLE, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';

/**
 * How invitations are stored: only a link token's SHA-256 (`PK = INVITE#<hash>`, `SK = invitation`), with the campus,
 * the user, their e-mail and an expiry (ms since 1970); a consumed link carries `used_at` and the claim that used it.
 */
const inviteKey = (hash: string) => ({ [TABLE.partitionKey]: `INVITE#${hash}`, [TABLE.sortKey]: 'invitation' });

/**
 * Who an invitation is for, as stored: a staff member's existing account (`sub`), or a roster entry (`student`, with
 * the names) whose account is made when the link sets its password (`sub` empty until then).
 */
export interface StoredInvitation {
  campus: string;
  sub: string;
  email: string;
  /** `reset`: a link "Forgot password?" mailed to an existing account (absent: an invitation). */
  purpose?: 'reset';
  student?: string;
  first_name?: string;
  last_name?: string;
}

/** The invitation item of a token's hash (`putInvitation`'s), for a batch write. */
export const invitationItem = (scope: CampusScope, hash: string, who: Omit<StoredInvitation, 'campus'>, expires: number) => ({
  ...inviteKey(hash),
  entityType: 'invitation',
  campus: scope.campus,
  ...who,
  expires,
  created_by: scope.actor,
});

/**
 * Stores an invitation (or, with `purpose: 'reset'`, a reset link) under its token's hash, valid until `expires` (ms).
 * One PutItem.
 */
export async function putInvitation(
  scope: CampusScope,
  hash: string,
  who: { sub: string; email: string; purpose?: 'reset' },
  expires: number,
): Promise<void> {
  const { sub, email, purpose } = who;
  await documentClient().send(
    new PutCommand({
      TableName: config().tableName,
      Item: invitationItem(scope, hash, { sub, email, ...(purpose ? { purpose } : {}) }, expires),
    }),
  );
}

/**
 * Consumes the invitation of `hash` for `claim`, with one conditional write: it must exist, be unused and not expired
 * at `now` (ms). One UpdateItem.
 * @returns who it is for, or undefined when it is unknown, used or expired (the caller says the same to all three)
 */
export async function claimInvitation(hash: string, claim: string, now: number): Promise<StoredInvitation | undefined> {
  try {
    const res = await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: inviteKey(hash),
        UpdateExpression: 'SET used_at = :now, used_by = :claim',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(used_at) AND expires >= :ms',
        ExpressionAttributeValues: { ':now': new Date(now).toISOString(), ':claim': claim, ':ms': now },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const a = res.Attributes ?? {};
    return {
      campus: textOf(a.campus),
      sub: textOf(a.sub),
      email: textOf(a.email),
      ...(a.purpose === 'reset' ? { purpose: 'reset' as const } : {}),
      ...(a.student ? { student: textOf(a.student), first_name: textOf(a.first_name), last_name: textOf(a.last_name) } : {}),
    };
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return undefined;
    throw e;
  }
}

/** Gives a consumed invitation back, only if `claim` still holds it (nothing was set with it). One UpdateItem. */
export async function releaseInvitation(hash: string, claim: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: inviteKey(hash),
      UpdateExpression: 'REMOVE used_at, used_by',
      ConditionExpression: 'used_by = :claim',
      ExpressionAttributeValues: { ':claim': claim },
    }),
  );
}
