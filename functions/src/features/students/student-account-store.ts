import { createHmac } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newAnswerKey, studentAccountKey } from '../identity/index.js';
import { TABLE, recordPk, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';

const key = studentAccountKey;

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

/** A student account as its results page uses it: its roster entry, and the `<year>#<course>` results it has seen. */
export interface StudentAccount {
  student: string;
  seen: ReadonlySet<string>;
}

/** The roster entry (`student` record id) of the account `sub` and what it has seen, or undefined when it is on none. One GetItem. */
export async function studentOfAccount(campus: string, sub: string): Promise<StudentAccount | undefined> {
  const res = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: key(campus, sub) }));
  const student = res.Item ? textOf(res.Item.student) : '';
  if (!student) return undefined;
  const seen = res.Item?.seen;
  return { student, seen: seen instanceof Set ? new Set([...seen].map(String)) : new Set() };
}

/** Where the students who have seen a course's results in a year are kept: one item, their roster ids in a set. */
const seenKey = (campus: string, course: string, year: string) => ({
  [TABLE.partitionKey]: recordPk(campus, `results-seen#${course}`),
  [TABLE.sortKey]: year,
});

/**
 * Records that the student of account `sub` has seen their results of `courses` in `year` (issue 43 item 5): each
 * course's set of students who have seen it gains them, and the account remembers it, so a later read writes nothing.
 * Idempotent (sets). One UpdateItem per course, and one on the account; nothing when `courses` is empty.
 */
export async function noteResultsSeen(
  campus: string,
  sub: string,
  student: string,
  year: string,
  courses: readonly string[],
): Promise<void> {
  if (!courses.length) return;
  await Promise.all([
    ...courses.map((course) =>
      documentClient().send(
        new UpdateCommand({
          TableName: config().tableName,
          Key: seenKey(campus, course, year),
          UpdateExpression: 'ADD students :me',
          ExpressionAttributeValues: { ':me': new Set([student]) },
        }),
      ),
    ),
    documentClient()
      .send(
        new UpdateCommand({
          TableName: config().tableName,
          Key: key(campus, sub),
          UpdateExpression: 'ADD seen :these',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':these': new Set(courses.map((c) => `${year}#${c}`)) },
        }),
      )
      // The account was unlinked meanwhile: nothing of it to remember.
      .catch((e: unknown) => {
        if (!(e instanceof ConditionalCheckFailedException)) throw e;
      }),
  ]);
}

/** The roster ids of the students who have seen their results of `course` in `year` (`noteResultsSeen`). One GetItem. */
export async function resultsSeenBy(campus: string, course: string, year: string): Promise<ReadonlySet<string>> {
  const res = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: seenKey(campus, course, year) }));
  const ids = res.Item?.students;
  return ids instanceof Set ? new Set([...ids].map(String)) : new Set();
}

/** The refusal of a student account on no roster of the campus (or whose roster entry was deleted): 404. */
export const notOnRoster = () => new HttpError(404, 'Your account is on no roster of this campus: ask your campus administrator');
