import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE, recordPk, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';

/**
 * Which roster entry a student's account is (issue 43): one item per student account, `T#<campus>#student-account` /
 * `<Cognito sub>`, holding the `student` record's id. Written when the account is made; read by every page of the
 * student's own (one GetItem), so the sign-in names the student and nothing the student sends can name another.
 */
const key = (campus: string, sub: string) => ({ [TABLE.partitionKey]: recordPk(campus, 'student-account'), [TABLE.sortKey]: sub });

/** Records that the account `sub` of `campus` is the roster entry `student` (its record id). One PutItem; idempotent. */
export async function linkStudentAccount(campus: string, sub: string, student: string): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: config().tableName, Item: { ...key(campus, sub), student } }));
}

/** The roster entry (`student` record id) of the account `sub`, or undefined when it is on none. One GetItem. */
export async function studentOfAccount(campus: string, sub: string): Promise<string | undefined> {
  const res = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: key(campus, sub) }));
  return res.Item ? textOf(res.Item.student) || undefined : undefined;
}
