import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type CampusScope, recordPk, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { readPartition } from '../../platform/store/partition.js';
import { studentLoginKey, studentLoginsPk } from '../identity/index.js';
import { mailsPk } from '../mail/index.js';

/** A roster entry's login as stored (`studentLoginKey`): its account once made, or its pending invitation. */
export interface Login {
  sub?: string;
  email?: string;
  /** The mail the pending invitation went in, and when its link stops working (ISO). */
  invite_mail?: string;
  invited_until?: string;
}

/** A stored login item as a `Login`. */
const asLogin = (i: Record<string, unknown>): Login => ({
  ...(i.sub ? { sub: textOf(i.sub) } : {}),
  ...(i.email ? { email: textOf(i.email) } : {}),
  ...(i.invite_mail ? { invite_mail: textOf(i.invite_mail) } : {}),
  ...(i.invited_until ? { invited_until: textOf(i.invited_until) } : {}),
});

/** Every roster entry's login of the campus: student id -> login (one Query per MB). */
export async function loginsOf(scope: CampusScope): Promise<Map<string, Login>> {
  return new Map((await readPartition(studentLoginsPk(scope.campus))).map((i) => [textOf(i.SK), asLogin(i)]));
}

/** One roster entry's login, read consistently, or undefined. One GetItem. */
export async function loginOf(scope: CampusScope, student: string): Promise<Login | undefined> {
  const got = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: studentLoginKey(scope.campus, student), ConsistentRead: true }),
  );
  return got.Item ? asLogin(got.Item) : undefined;
}

/** Which of `ids` are queued mails of the campus (one GetItem each, consistent). */
export async function queuedMails(scope: CampusScope, ids: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const got = await documentClient().send(
        new GetCommand({
          TableName: config().tableName,
          Key: { PK: mailsPk(scope), SK: id },
          ProjectionExpression: 'PK',
          ConsistentRead: true,
        }),
      );
      return got.Item ? id : undefined;
    }),
  );
  return new Set(found.filter((x): x is string => Boolean(x)));
}

/** The pending invitations' mails among `logins` that were queued (a run cut short queued none): `queuedMails`. */
export const queuedInviteMails = (scope: CampusScope, logins: ReadonlyMap<string, Login>): Promise<Set<string>> =>
  queuedMails(
    scope,
    [...logins.values()].flatMap((l) => (l.invite_mail && !l.sub ? [l.invite_mail] : [])),
  );

/** Where the campus's one invitation run at a time is held (`claimInviteRun`). */
const runKey = (campus: string) => ({ PK: recordPk(campus, 'student-invite-run'), SK: 'run' });

/**
 * Claims the campus's invitation run for `ms` (one conditional PutItem): only one run writes invitations at a time, so
 * two runs at once (an admin clicking again while the first is still writing) cannot mail a student twice. A run that
 * died leaves its claim to expire.
 * @returns the claim's id, or undefined when another run holds it
 */
export async function claimInviteRun(scope: CampusScope, ms: number): Promise<string | undefined> {
  const id = randomUUID();
  const now = Date.now();
  try {
    await documentClient().send(
      new PutCommand({
        TableName: config().tableName,
        Item: { ...runKey(scope.campus), entityType: 'student-invite-run', claim: id, until: now + ms, by: scope.actor },
        ConditionExpression: 'attribute_not_exists(PK) OR #until < :now',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return id;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return undefined;
    throw e;
  }
}

/** Gives the invitation run back, if `claim` still holds it (one conditional DeleteItem). */
export async function releaseInviteRun(scope: CampusScope, claim: string): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: config().tableName,
        Key: runKey(scope.campus),
        ConditionExpression: 'claim = :c',
        ExpressionAttributeValues: { ':c': claim },
      }),
    );
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
  }
}
