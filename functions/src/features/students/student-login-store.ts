import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type CampusScope, textOf } from '@attain/shared-types';
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
