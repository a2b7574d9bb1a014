import {
  type CampusScope,
  type OfflineResults,
  type QuestionResult,
  type SurveyEvidence,
  type SurveyForm,
  type SurveyQuestion,
} from '@attain/shared-types';
import { surveyPercent } from './survey-math.js';
import { getDocument } from '../../platform/store/documents.js';
import { readAnswers, readInvitees } from './survey-store.js';
import { courseYearStudents } from '../marks/index.js';

/** Most free-text answers a report lists per question. */
const FREE_TEXT_SHOWN = 500;

/**
 * A survey's answers counted: per rating question the count at each scale point online and on
 * paper; respondents online (answer sets) and on paper (the most counted on any one question); free text.
 */
export interface SurveyTally {
  form: SurveyForm;
  online: Record<string, number[]>;
  offline: OfflineResults | null;
  respondentsOnline: number;
  respondentsOffline: number;
  /** People invited online (the survey's invitee list, less students who answered signed in without a mailed link). */
  invited: number;
  /**
   * A course-exit survey's population as Attain knows it: the course's students of the survey's year
   * (`courseYearStudents`), whatever was typed as surveyed on paper; absent for other surveys or a course with no roster.
   */
  students?: number;
  freeText: Record<string, string[]>;
}

/**
 * The people a survey was for: for a course-exit survey the course's students of its year (`students`); otherwise
 * invited online plus surveyed on paper (the paper count's `surveyed`); never fewer than those who answered. The
 * population of its margin of error and of its validity (`surveyValidity`), so "1 surveyed, 1 answered" of a class of
 * 40 is 1 of 40, not a census.
 */
export const surveyPopulation = (t: SurveyTally): number =>
  Math.max(t.students ?? t.invited + (t.offline?.surveyed ?? 0), t.respondentsOnline + t.respondentsOffline);

/** What `tallySurvey` needs of a survey record: its id and, for a course-exit survey, its course and year. */
export interface TalliedSurvey {
  id: string;
  survey_for?: string;
  course?: string | null;
  academic_year?: string;
}

/** A course-exit survey's population (`courseYearStudents` of its course and year); undefined for other surveys. */
export const surveyStudents = (scope: CampusScope, s: TalliedSurvey): Promise<number | undefined> =>
  s.survey_for === 'CO' && s.course && s.academic_year ? courseYearStudents(scope, s.course, s.academic_year) : Promise.resolve(undefined);

const zeros = (n: number) => Array.from({ length: n }, () => 0);

/** The form and paper counts of a survey (2 GetItems); `undefined` when the survey has no form. */
export async function surveyDocuments(scope: CampusScope, survey: string) {
  const [form, offline] = await Promise.all([getDocument(scope, 'survey-form', survey), getDocument(scope, 'survey-offline', survey)]);
  if (!form) return undefined;
  return {
    form: { scale: form.scale, questions: form.questions, ...(form.omitted ? { omitted: form.omitted } : {}) } satisfies SurveyForm,
    offline: offline ?? null,
  };
}

/**
 * Counts a survey's answers: reads its form, its paper counts, its invitees and every online answer set (one Query per
 * MB each), and for a course-exit survey its course's students of the year (`surveyStudents`).
 * @returns null when the survey has no form (made before surveys had one, or deleted meanwhile)
 */
export async function tallySurvey(scope: CampusScope, s: TalliedSurvey): Promise<SurveyTally | null> {
  const survey = s.id;
  const [docs, { answers }, invitees, students] = await Promise.all([
    surveyDocuments(scope, survey),
    readAnswers(scope, survey),
    readInvitees(scope, survey),
    surveyStudents(scope, s),
  ]);
  if (!docs) return null;
  const { form, offline } = docs;
  const points = form.scale.length;
  const online: Record<string, number[]> = {};
  const freeText: Record<string, string[]> = {};
  for (const q of form.questions)
    if (q.kind === 'Rating') online[q.id] = zeros(points);
    else freeText[q.id] = [];
  for (const a of answers)
    for (const [qid, v] of Object.entries(a)) {
      if (typeof v === 'number' && online[qid] && v >= 0 && v < points) online[qid][v]++;
      else if (typeof v === 'string' && freeText[qid] && freeText[qid].length < FREE_TEXT_SHOWN) freeText[qid].push(v);
    }
  const respondentsOffline = offline ? Math.max(0, ...Object.values(offline.counts).map((c) => c.reduce((s, x) => s + x, 0))) : 0;
  return {
    form,
    online,
    offline,
    respondentsOnline: answers.length,
    respondentsOffline,
    // Invited by mail: a student who answered signed in without a mailed link was not invited.
    invited: invitees.filter((i) => i.mail || !i.signed_in).length,
    freeText,
    ...(students === undefined ? {} : { students }),
  };
}

/** One rating question's counts: online, on paper (zeros when none), and together, with respondents and percent (unrounded). */
export function questionCounts(t: SurveyTally, q: SurveyQuestion): Omit<QuestionResult, 'level'> {
  const points = t.form.scale.length;
  const online = t.online[q.id] ?? zeros(points);
  const given = t.offline?.counts[q.id];
  const offline = given && given.length === points ? given : zeros(points);
  const counts = online.map((c, k) => c + offline[k]);
  const percent = surveyPercent(
    counts,
    t.form.scale.map((p) => p.weight),
  );
  return {
    question: q,
    online,
    offline,
    counts,
    respondents: counts.reduce((s, c) => s + c, 0),
    // Unrounded: a level is decided on it; views round it for display.
    percent,
  };
}

/**
 * What a set of surveys says about each outcome they assess: per outcome record id, the survey
 * percent pooled over every rating question that assesses it, weighting each question's percent by its respondents
 * (= sum over questions of sum_k count_k x weight_k / max weight, over the sum of their respondents: with one question
 * this is `surveyPercent`), the people who answered the surveys and the people they were for (`surveyPopulation`:
 * summed over surveys of different groups, but once for course-exit surveys, which all ask the course's students of
 * the year).
 */
export function outcomeEvidence(tallies: readonly { id: string; name: string; tally: SurveyTally }[]): Map<string, SurveyEvidence> {
  const acc = new Map<
    string,
    {
      weighted: number;
      answers: number;
      surveys: Map<string, { id: string; name: string; people: number; population: number; course: boolean }>;
    }
  >();
  for (const { id, name, tally } of tallies) {
    const people = tally.respondentsOnline + tally.respondentsOffline;
    const population = surveyPopulation(tally);
    // A course-exit survey's population is the course's students of the year: every one of the course's is the same.
    const course = tally.students !== undefined;
    for (const q of tally.form.questions) {
      if (q.kind !== 'Rating' || !q.outcome) continue;
      const c = questionCounts(tally, q);
      const percent = surveyPercent(
        c.counts,
        tally.form.scale.map((p) => p.weight),
      );
      if (!c.respondents || percent === null) continue;
      const a = acc.get(q.outcome) ?? { weighted: 0, answers: 0, surveys: new Map() };
      a.weighted += (percent / 100) * c.respondents;
      a.answers += c.respondents;
      a.surveys.set(id, { id, name, people, population, course });
      acc.set(q.outcome, a);
    }
  }
  return new Map(
    [...acc].map(([outcome, a]) => {
      const list = [...a.surveys.values()];
      const respondents = list.reduce((n, x) => n + x.people, 0);
      // Two course-exit surveys of a course and year ask the same class: its students once, never fewer than answered.
      // Surveys of different groups (alumni, employers) add up.
      const population = list.every((x) => x.course)
        ? Math.max(respondents, ...list.map((x) => x.population))
        : list.reduce((n, x) => n + x.population, 0);
      const evidence: SurveyEvidence = {
        surveys: list.map(({ id, name }) => ({ id, name })),
        respondents,
        population,
        // Unrounded: `indirectResult` decides the level on it and rounds it for display.
        percent: (a.weighted / a.answers) * 100,
      };
      return [outcome, evidence];
    }),
  );
}
