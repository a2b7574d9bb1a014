import { randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE, recordPk } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';

/**
 * Which roster entry a student's account is (issue 43, decisions 0054 and 0056), both ways:
 * - `T#<campus>#student-account` / `<Cognito sub>` -> the `student` record's id and the account's own random answer
 *   key: read by every page of the student's own (one GetItem), so the sign-in names the student and nothing the
 *   student sends can name another;
 * - `T#<campus>#student-login` / `<student id>` -> the account's sub and address, and its invitation when one is
 *   pending: read by the staff's list of student accounts and by ending a student's access.
 */
export const studentAccountKey = (campus: string, sub: string) => ({
  [TABLE.partitionKey]: recordPk(campus, 'student-account'),
  [TABLE.sortKey]: sub,
});
/** The roster entry's side of the link (see `studentAccountKey`). */
export const studentLoginKey = (campus: string, student: string) => ({
  [TABLE.partitionKey]: recordPk(campus, 'student-login'),
  [TABLE.sortKey]: student,
});
/** The partition of every roster entry's login of a campus. */
export const studentLoginsPk = (campus: string) => recordPk(campus, 'student-login');

/** A new account's answer key: 32 random bytes, base64url (the students feature's `answerSlot`). */
export const newAnswerKey = () => randomBytes(32).toString('base64url');

/**
 * Links the account `sub` (sign-in `email`) of `campus` to the roster entry `student`, both ways, in one transaction:
 * the account's item (with a new answer key, unless it has one), and the roster entry's login (its pending invitation,
 * if any, is done). Idempotent.
 */
export async function linkStudentAccount(campus: string, sub: string, student: string, email: string): Promise<void> {
  const at = new Date().toISOString();
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          // An account linked before keeps its answer key: its anonymous answers stay where a new answer replaces them.
          Update: {
            TableName: config().tableName,
            Key: studentAccountKey(campus, sub),
            UpdateExpression: 'SET entityType = :t, student = :s, answer_key = if_not_exists(answer_key, :k)',
            ExpressionAttributeValues: { ':t': 'student-account', ':s': student, ':k': newAnswerKey() },
          },
        },
        {
          Put: {
            TableName: config().tableName,
            Item: { ...studentLoginKey(campus, student), entityType: 'student-login', sub, email, linked_at: at },
          },
        },
      ],
    }),
  );
}

/** The roster entry the account `sub` is linked to, or undefined. One GetItem, consistent. */
export async function linkedStudent(campus: string, sub: string): Promise<string | undefined> {
  const got = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: studentAccountKey(campus, sub), ConsistentRead: true }),
  );
  return typeof got.Item?.student === 'string' ? got.Item.student : undefined;
}
