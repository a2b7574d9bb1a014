import { type CampusScope, type SurveyInvitee, TABLE, recordPk } from '@attain/shared-types';
import { readPartition } from '../../platform/store/partition.js';

/**
 * How a survey's invitees, links and answers are stored (docs/decisions/0021-survey.md):
 * - invitees: `PK = T#<campus>#survey-invitee#<survey>`, `SK = <invitee id>` (`student#<id>` / `stakeholder#<id>`, so
 *   inviting the same person twice finds them), with the mail their latest link went in (its receipt found by address) and
 *   `responded` (plus `responded_at` unless the survey is anonymous);
 * - links: `PK = SURVEYLINK#<SHA-256 of the token>`, `SK = link`, with the campus, survey, invitee and expiry (ms): the
 *   public route finds a survey from a token with one GetItem and no campus in hand; the token itself is stored only
 *   in the mail's recipient item until it is sent (docs/decisions/);
 * - answers: `PK = T#<campus>#survey-response#<survey>`, `SK = <random id>` (UUIDv4: no time order), with `a` (question
 *   id -> scale point index or text) and `d` (the day, India time), plus `invitee` unless the survey is anonymous.
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
    const { PK: _p, SK: _s, entityType: _e, ...rest } = i;
    return rest as unknown as InviteeItem;
  });
}

/**
 * Every online answer set of a survey, newest day first not guaranteed (ids are random): only the answers are read
 * (`ProjectionExpression`), one Query per MB (10,000 answer sets of 10 questions are about 1 MB).
 */
export async function readAnswers(scope: CampusScope, survey: string): Promise<{ answers: Answers[]; days: string[] }> {
  const items = await readPartition(responsesPk(scope.campus, survey), 'a, d');
  return { answers: items.map((i) => (i.a ?? {}) as Answers), days: items.map((i) => String(i.d ?? '')) };
}
