import { createHmac, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE, recordPk, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';

/**
 * Which roster entry a student's account is (issue 43): one item per student account, `T#<campus>#student-account` /
 * `<Cognito sub>`, holding the `student` record's id. Written when the account is made; read by every page of the
 * student's own (one GetItem), so the sign-in names the student and nothing the student sends can name another.
 */
const key = (campus: string, sub: string) => ({ [TABLE.partitionKey]: recordPk(campus, 'student-account'), [TABLE.sortKey]: sub });

/** A new account's answer key: 32 random bytes, base64url (see `answerSlot`). */
const newAnswerKey = () => randomBytes(32).toString('base64url');

/**
 * Records that the account `sub` of `campus` is the roster entry `student` (its record id), with the account's own
 * random answer key (`answerSlot`). One PutItem; linking again keeps the student and gives a new key.
 */
export async function linkStudentAccount(campus: string, sub: string, student: string): Promise<void> {
  await documentClient().send(
    new PutCommand({ TableName: config().tableName, Item: { ...key(campus, sub), student, answer_key: newAnswerKey() } }),
  );
}

/** A student account as its survey pages use it: its roster entry and its answer key. */
export interface AnsweringAccount {
  student: string;
  answerKey: string;
}

/**
 * The roster entry and answer key of the account `sub` (the key made now when an account linked before keys has none).
 * One UpdateItem (`if_not_exists`, returning the item).
 * @returns undefined when the account is on no roster
 */
export async function answeringAccount(campus: string, sub: string): Promise<AnsweringAccount | undefined> {
  try {
    const res = await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key(campus, sub),
        UpdateExpression: 'SET answer_key = if_not_exists(answer_key, :k)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':k': newAnswerKey() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const student = textOf(res.Attributes?.student);
    return student ? { student, answerKey: textOf(res.Attributes?.answer_key) } : undefined;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return undefined;
    throw e;
  }
}

/**
 * Where an account's answer set to `survey` is stored (docs/decisions/0055): `acct#` and the HMAC-SHA-256 of the survey
 * id under the account's answer key, base64url. The same on every answer (so a new one replaces the old), and not
 * computable from the roster entry, the invitee or the account's id: joining an anonymous answer to its student
 * needs the account's key, which no route reads.
 */
export const answerSlot = (account: AnsweringAccount, survey: string): string =>
  `acct#${createHmac('sha256', account.answerKey).update(survey).digest('base64url')}`;

/** The roster entry (`student` record id) of the account `sub`, or undefined when it is on none. One GetItem. */
export async function studentOfAccount(campus: string, sub: string): Promise<string | undefined> {
  const res = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: key(campus, sub) }));
  return res.Item ? textOf(res.Item.student) || undefined : undefined;
}
