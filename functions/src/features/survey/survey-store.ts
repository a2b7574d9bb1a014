import { randomUUID } from 'node:crypto';
import { type AttributeValue, ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type CampusScope, type SurveyInvitee, TABLE, recordPk, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { batchWrite } from '../../platform/store/batch.js';
import { noteCampusChange } from '../../platform/store/campus-changes.js';
import { readPartition } from '../../platform/store/partition.js';

/**
 * How a survey's invitees, links and answers are stored (docs/decisions/0021-survey.md):
 * - invitees: `PK = T#<campus>#survey-invitee#<survey>`, `SK = <invitee id>` (`student#<id>` / `stakeholder#<id>`, so
 *   inviting the same person twice finds them), with the mail their latest link went in (its receipt found by address) and
 *   `responded` (plus `responded_at` unless the survey is anonymous);
 * - links: `PK = SURVEYLINK#<SHA-256 of the token>`, `SK = link`, with the campus, survey, invitee and expiry (ms): the
 *   public route finds a survey from a token with one GetItem and no campus in hand; the token itself is stored only
 *   in the mail's recipient item until it is sent (docs/decisions/);
 * - answers: `PK = T#<campus>#survey-response#<survey>`, `SK = <random id>` (UUIDv4: no time order) for an answer
 *   through a link, or `acct#<HMAC of the survey under the account's own key>` for one signed in (decision 0055: the
 *   same on each answer of theirs, so it replaces the last), with `a` (question id -> scale point index or text) and
 *   `d` (the day, India time), plus `invitee` unless the survey is anonymous. An invitee who answered signed in is
 *   marked `signed_in`, with the answering `account` (never shown).
 */
export const inviteesPk = (campus: string, survey: string) => recordPk(campus, `survey-invitee#${survey}`);
export const responsesPk = (campus: string, survey: string) => recordPk(campus, `survey-response#${survey}`);
export const linkKey = (hash: string) => ({ [TABLE.partitionKey]: `SURVEYLINK#${hash}`, [TABLE.sortKey]: 'link' });

/** A stored invitee: the API's `SurveyInvitee` without the delivery status, which is read from `mail`'s receipts. */
export type InviteeItem = Omit<SurveyInvitee, 'mail_status'>;

/** A stored link. `expires` in ms since the epoch. */
export interface LinkItem {
  campus: string;
  survey: string;
  invitee: string;
  expires: number;
}

/** One stored answer set: question id -> scale point index (0 = lowest) or free text. */
export type Answers = Record<string, number | string>;

/** Every invitee of a survey (one Query per MB). */
export async function readInvitees(scope: CampusScope, survey: string): Promise<InviteeItem[]> {
  return (await readPartition(inviteesPk(scope.campus, survey))).map((i) => {
    // The answering account is the store's own (`recordSignedInAnswer`'s condition), never shown.
    const { PK: _p, SK: _s, entityType: _e, account: _a, ...rest } = i;
    return rest as unknown as InviteeItem;
  });
}

/**
 * Every online answer set of a survey, newest day first not guaranteed (ids are random): only the answers are read
 * (`ProjectionExpression`), one Query per MB (10,000 answer sets of 10 questions are about 1 MB).
 */
export async function readAnswers(scope: CampusScope, survey: string): Promise<{ answers: Answers[]; days: string[] }> {
  const items = await readPartition(responsesPk(scope.campus, survey), 'a, d');
  return { answers: items.map((i) => (i.a ?? {}) as Answers), days: items.map((i) => textOf(i.d)) };
}

/** The link a token's hash names, or undefined when there is none. One GetItem. */
export async function getLink(hash: string): Promise<LinkItem | undefined> {
  const got = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: linkKey(hash) }));
  return got.Item as LinkItem | undefined;
}

/** An invitee item as stored: `InviteeItem` plus, once they answered signed in, the account they answered from. */
export type StoredInvitee = InviteeItem & { account?: string };

/** One invitee of a survey as stored (read consistently: an answer just recorded shows), or undefined. One GetItem. */
export async function getInvitee(campus: string, survey: string, invitee: string): Promise<StoredInvitee | undefined> {
  const got = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: { PK: inviteesPk(campus, survey), SK: invitee }, ConsistentRead: true }),
  );
  return got.Item as StoredInvitee | undefined;
}

/**
 * The condition that `inSurveyAudience(type, invitee)` holds, on the stored invitee item (DynamoDB condition
 * expression parts): students answer a `Students` survey; a stakeholder of the survey's group answers the others.
 */
function audienceCondition(type: string): { expression: string; names: Record<string, string>; values: Record<string, unknown> } {
  return type === 'Students'
    ? { expression: '#src = :students', names: { '#src': 'source' }, values: { ':students': 'Students' } }
    : {
        expression: '(attribute_not_exists(#src) OR #src <> :students) AND #grp = :audience',
        names: { '#src': 'source', '#grp': 'group' },
        values: { ':students': 'Students', ':audience': type },
      };
}

/** What `recordAnswer` did: stored the answers, or refused them with the invitee as stored (undefined: no such invitee). */
export type AnswerRecorded =
  { recorded: true } | { recorded: false; invitee: Pick<InviteeItem, 'responded' | 'source' | 'group'> | undefined };

/**
 * The transaction item that stores one answer set under `sk`: its answers, its day (India time, `yyyy-mm-dd`) and,
 * unless the survey is anonymous (`invitee` undefined), who gave it.
 */
const answerSetPut = (scope: CampusScope, survey: string, sk: string, answers: Answers, day: string, invitee: string | undefined) => ({
  Put: {
    TableName: config().tableName,
    Item: {
      PK: responsesPk(scope.campus, survey),
      SK: sk,
      entityType: 'survey-response',
      a: answers,
      d: day,
      ...(invitee ? { invitee } : {}),
    },
  },
});

/**
 * Runs an answer's transaction (the invitee's update first, then the answer set), tried again up to 3 times on a
 * conflict with another write of the same items.
 * @returns `{ done: true }`, or `{ done: false, item }` when the invitee's condition failed (nothing written), with the
 *   invitee item as it was stored then (low-level attribute values), if there was one
 */
async function answerTransaction(
  items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
): Promise<{ done: true } | { done: false; item: Record<string, AttributeValue> | undefined }> {
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return { done: true };
    } catch (e) {
      if (!(e instanceof TransactionCanceledException)) throw e;
      const reason = e.CancellationReasons?.[0];
      if (reason?.Code === 'ConditionalCheckFailed') return { done: false, item: reason.Item };
      if (attempt >= 3 || !e.CancellationReasons?.some((r) => r.Code === 'TransactionConflict')) throw e;
    }
  }
}

/**
 * Records one invitee's answers in one transaction (one TransactWriteItems, nothing read before it): the invitee is
 * marked answered (with the time, unless the survey is anonymous) only if they exist, had not answered and are of the
 * survey's audience (`inSurveyAudience` of `opts.audience`, the survey's `type`), and the answer set is stored (with the
 * invitee, unless anonymous) under a random id. Either both are written or neither, so an answer is never lost nor
 * counted twice. Two answers of the same invitee at once (two of their links) conflict: tried again up to 3 times, the
 * second finds the invitee answered. Stamps nothing: the caller stamps the survey's evidence and the campus after it.
 * @param day the day of the answer, India time (`yyyy-mm-dd`)
 * @returns `{ recorded: false, invitee }` (nothing written) when the condition failed, with the invitee as it was
 *   stored then (`ReturnValuesOnConditionCheckFailure`), so the caller tells `used` from `audience` and `invalid`
 */
export async function recordAnswer(
  scope: CampusScope,
  survey: string,
  invitee: string,
  answers: Answers,
  opts: { anonymous: boolean; at: string; day: string; audience: string },
): Promise<AnswerRecorded> {
  const audience = audienceCondition(opts.audience);
  const ran = await answerTransaction([
    {
      Update: {
        TableName: config().tableName,
        Key: { PK: inviteesPk(scope.campus, survey), SK: invitee },
        UpdateExpression: opts.anonymous ? 'SET responded = :yes' : 'SET responded = :yes, responded_at = :at',
        ConditionExpression: `attribute_exists(PK) AND responded = :no AND ${audience.expression}`,
        ExpressionAttributeNames: audience.names,
        ExpressionAttributeValues: {
          ':yes': true,
          ':no': false,
          ...audience.values,
          ...(opts.anonymous ? {} : { ':at': opts.at }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    answerSetPut(scope, survey, randomUUID(), answers, opts.day, opts.anonymous ? undefined : invitee),
  ]);
  if (ran.done) return { recorded: true };
  return { recorded: false, invitee: storedInvitee(ran.item) };
}

/**
 * The fields of an invitee item a refused answer is judged by (whether they answered, and where they came from for an
 * answer through a link; whether signed in, and from which account, for one signed in), from the item a cancelled
 * transaction returned (low-level attribute values: the document client does not convert an exception's contents);
 * undefined when there was none.
 */
function storedInvitee(
  item: Record<string, AttributeValue> | undefined,
): Pick<StoredInvitee, 'responded' | 'source' | 'group' | 'signed_in' | 'account'> | undefined {
  if (!item) return undefined;
  return {
    responded: item.responded?.BOOL === true,
    source: item.source?.S as InviteeItem['source'],
    ...(item.group?.S ? { group: item.group.S } : {}),
    signed_in: item.signed_in?.BOOL === true,
    account: item.account?.S,
  };
}

/**
 * Stores a new invitee of a survey, unless they are already invited (one conditional PutItem; then the campus's summary
 * stamp).
 * @returns false when they were invited meanwhile (by a request that ran alongside): nothing written
 */
export async function addInvitee(scope: CampusScope, survey: string, item: InviteeItem): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: config().tableName,
        Item: { PK: inviteesPk(scope.campus, survey), SK: item.id, entityType: 'survey-invitee', ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    await noteCampusChange(scope.campus);
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}

/**
 * Records a reminder on an invitee who has not answered: the mail their new link went in, when, and one more
 * reminder (one conditional UpdateItem).
 * @returns false when they answered meanwhile: nothing written
 */
export async function remindInvitee(scope: CampusScope, survey: string, invitee: string, mail: string, at: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: { PK: inviteesPk(scope.campus, survey), SK: invitee },
        UpdateExpression: 'SET mail = :m, reminded_at = :at ADD reminders :one',
        ConditionExpression: 'attribute_exists(PK) AND responded = :no',
        ExpressionAttributeValues: { ':m': mail, ':at': at, ':one': 1, ':no': false },
      }),
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}

/** Stores invitation links by their tokens' hashes (BatchWriteItem, 25 a call), each valid until `expires` (ms). */
export async function putLinks(
  scope: CampusScope,
  survey: string,
  links: readonly { hash: string; invitee: string }[],
  expires: number,
): Promise<void> {
  const writes = links.map((l) => ({
    PutRequest: { Item: { ...linkKey(l.hash), entityType: 'survey-link', campus: scope.campus, survey, invitee: l.invitee, expires } },
  }));
  for (let i = 0; i < writes.length; i += 25) await batchWrite(writes.slice(i, i + 25));
}

/** Who answers signed in: the invitee id (`student#<id>`), their name and address from the roster, and their account. */
export interface SignedInRespondent {
  invitee: string;
  name: string;
  email: string;
  /** The Cognito sub of the account answering. */
  account: string;
  /**
   * The sort key their answer set is stored under, derived from the account (`students`' `answerSlot`): the same on
   * every answer of theirs to the survey, so a new answer replaces the old one, and not derivable from the invitee.
   */
  slot: string;
}

/** What `recordSignedInAnswer` did: stored (replacing an earlier signed-in answer or not), or refused with the invitee. */
export type SignedInRecorded =
  { recorded: true } | { recorded: false; invitee: Pick<StoredInvitee, 'responded' | 'signed_in' | 'account'> | undefined };

/**
 * Records a signed-in student's answers to a students' survey in one transaction (docs/decisions/0055): their invitee
 * item (made when they were never invited) is marked answered, signed in, by `who.account`, on the condition that they
 * had not answered, or answered signed in from the same account; and the answer set is put under `who.slot`, replacing
 * theirs. For an anonymous survey the answer set names nobody and keeps only the day, and the invitee keeps no time:
 * who answered (the invitee) and what (the answer set) share no key, and no route reads a slot beside a person.
 * Tried again up to 3 times on a conflict with another write of the same items.
 * @param day the day of the answer, India time (`yyyy-mm-dd`)
 * @returns `{ recorded: false, invitee }` (nothing written) when they answered through a mailed link or another account
 */
export async function recordSignedInAnswer(
  scope: CampusScope,
  survey: string,
  who: SignedInRespondent,
  answers: Answers,
  opts: { anonymous: boolean; at: string; day: string },
): Promise<SignedInRecorded> {
  const set = [
    'entityType = :et',
    'responded = :yes',
    'signed_in = :yes',
    'account = :acct',
    '#name = if_not_exists(#name, :name)',
    'email = if_not_exists(email, :email)',
    '#src = if_not_exists(#src, :students)',
    // An invitee made by answering was invited when they answered: the day only, when the survey is anonymous.
    'invited_at = if_not_exists(invited_at, :invited)',
    'reminders = if_not_exists(reminders, :zero)',
    ...(opts.anonymous ? [] : ['responded_at = :at']),
  ];
  const ran = await answerTransaction([
    {
      Update: {
        TableName: config().tableName,
        Key: { PK: inviteesPk(scope.campus, survey), SK: who.invitee },
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: 'attribute_not_exists(PK) OR responded = :no OR (signed_in = :yes AND account = :acct)',
        ExpressionAttributeNames: { '#name': 'name', '#src': 'source' },
        ExpressionAttributeValues: {
          ':et': 'survey-invitee',
          ':yes': true,
          ':no': false,
          ':acct': who.account,
          ':name': who.name,
          ':email': who.email,
          ':students': 'Students',
          ':invited': opts.anonymous ? opts.day : opts.at,
          ':zero': 0,
          ...(opts.anonymous ? {} : { ':at': opts.at }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    answerSetPut(scope, survey, who.slot, answers, opts.day, opts.anonymous ? undefined : who.invitee),
  ]);
  if (ran.done) return { recorded: true };
  return { recorded: false, invitee: storedInvitee(ran.item) };
}

/** One answer set of a survey by its sort key (`SignedInRespondent.slot`), or undefined. One GetItem, consistent. */
export async function getAnswerSet(campus: string, survey: string, slot: string): Promise<Answers | undefined> {
  const got = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: { PK: responsesPk(campus, survey), SK: slot }, ConsistentRead: true }),
  );
  return got.Item ? ((got.Item.a ?? {}) as Answers) : undefined;
}
