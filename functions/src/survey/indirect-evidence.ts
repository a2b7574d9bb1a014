import { type CampusScope, type RecordOf, type SurveyEvidence, type SurveyFor, survey as surveyEntity } from '@attain/shared-types';
import pLimit from 'p-limit';
import { queryByField } from '../store/records.js';
import { type SurveyTally, outcomeEvidence, tallySurvey } from './survey-tally.js';

type Survey = RecordOf<typeof surveyEntity>;

/** Academic year -> outcome id -> what that year's surveys say about it. */
export type EvidenceByYear = Map<string, Map<string, SurveyEvidence>>;

/** Surveys read at once. */
const TALLIES_IN_FLIGHT = 8;

/** Tallies the surveys and pools them per academic year (`outcomeEvidence`). */
async function byYear(scope: CampusScope, surveys: readonly Survey[]): Promise<EvidenceByYear> {
  const limit = pLimit(TALLIES_IN_FLIGHT);
  const tallies = await Promise.all(surveys.map((s) => limit(async () => ({ s, tally: await tallySurvey(scope, s.id) }))));
  const years = new Map<string, { id: string; name: string; tally: SurveyTally }[]>();
  for (const { s, tally } of tallies) {
    if (!tally) continue;
    years.set(s.academic_year, [...(years.get(s.academic_year) ?? []), { id: s.id, name: s.name, tally }]);
  }
  return new Map([...years].map(([y, list]) => [y, outcomeEvidence(list)]));
}

const isFor = (kind: SurveyFor) => (s: Survey) => s.survey_for === kind;

/**
 * A course's course-exit (CO) survey evidence per academic year (issue 14 item 5: "the course's indirect CO level
 * from its course-exit survey"): one Query for the course's surveys, then each CO survey's answers.
 */
export async function courseSurveyEvidence(scope: CampusScope, course: string): Promise<EvidenceByYear> {
  return byYear(scope, (await queryByField(scope, surveyEntity, 'course', course)).filter(isFor('CO')));
}

/**
 * A program's PO/PSO survey evidence per academic year (issue 14 item 5: "PO/PEO indirect levels from program-level
 * surveys"; PEOs have no direct level, so they show on the survey pages only): one Query, then each PO survey's answers.
 */
export async function programSurveyEvidence(scope: CampusScope, program: string): Promise<EvidenceByYear> {
  return byYear(scope, (await queryByField(scope, surveyEntity, 'program', program)).filter(isFor('PO')));
}
