import {
  type CampusScope,
  type RecordOf,
  type ScalePoint,
  type SurveyForm,
  type SurveyQuestion,
  courseOutcome,
  genericProgramOutcome,
  type survey,
  type surveyTemplate,
  textOf,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { queryByField } from '../../platform/store/records.js';

type Survey = RecordOf<typeof survey>;
type Template = RecordOf<typeof surveyTemplate>;

/** One outcome a question may name: its code and statement, by record id. */
interface Outcome {
  id: string;
  code: string;
  statement: string;
}

/** The outcomes a survey's questions may name: the course's COs (CO survey) or the program's POs, PSOs and PEOs. */
async function outcomesOf(scope: CampusScope, s: Pick<Survey, 'survey_for' | 'course' | 'program'>): Promise<Outcome[]> {
  if (s.survey_for === 'CO' && s.course)
    return (await queryByField(scope, courseOutcome, 'course', s.course)).map((c) => ({
      id: c.id,
      code: c.code,
      statement: c.statement ?? '',
    }));
  if (s.survey_for === 'PO' || s.survey_for === 'PEO')
    return (await queryByField(scope, genericProgramOutcome, 'program', s.program)).map((o) => ({
      id: o.id,
      code: o.po_reference ?? '',
      statement: o.statement ?? '',
    }));
  return [];
}

/**
 * A survey's form from its template: the template's scale and questions, in order, with ids `q1`, `q2`...,
 * each question's outcome code resolved to the survey's course's CO or program's PO/PSO/PEO record, and `{statement}`
 * in its text replaced by that outcome's statement.
 * Questions on outcomes the course or program does not have are left out and listed in `omitted`.
 * @throws HttpError 400 when the template is for something else than the survey, or none of its rated questions
 *   names an outcome the course or program has
 */
/**
 * A question's text with `{statement}` replaced by an outcome's statement, read as a phrase of the sentence: inside a
 * sentence ("How far can you now {statement}?") its first letter goes to lower case when it starts a capitalised word
 * ("Identify the ..." -> "identify the ..."; "SQL" kept), and its closing full stop is dropped when punctuation follows
 * ("... methods.?" -> "... methods?"). After a colon or at the start it is kept as written.
 */
export function withStatement(text: string, statement: string): string {
  const trimmed = statement.trim();
  const lower = /^[A-Z][a-z]/.test(trimmed) ? trimmed[0].toLowerCase() + trimmed.slice(1) : trimmed;
  return text.split('{statement}').reduce((out, part) => {
    const phrase = /[a-z,] $/.test(out) ? lower : trimmed;
    return out + (/^[.?!,;:]/.test(part) ? phrase.replace(/\.$/, '') : phrase) + part;
  });
}

export async function buildSurveyForm(
  scope: CampusScope,
  s: Pick<Survey, 'survey_for' | 'course' | 'program'>,
  t: Pick<Template, 'survey_for' | 'scale' | 'questions' | 'name'>,
): Promise<SurveyForm> {
  if (t.survey_for !== s.survey_for)
    throw new HttpError(400, `The template "${t.name}" is for ${t.survey_for} surveys, not ${s.survey_for}`, {
      template: `A ${t.survey_for} template`,
    });
  const list = await outcomesOf(scope, s);
  // A template's `CO3` is the course's CO coded CO3, else its third CO in code order: colleges code COs as CO3,
  // 4CS4-05.3 or C201.3, and one course-exit template serves them all.
  const positional =
    s.survey_for === 'CO'
      ? [...list].sort((a, b) => a.code.localeCompare(b.code, undefined, { numeric: true })).map((o, i) => [`CO${i + 1}`, o] as const)
      : [];
  const outcomes = new Map([...positional, ...list.map((o) => [o.code.trim().toUpperCase(), o] as const)]);
  const omitted: string[] = [];
  const questions: SurveyQuestion[] = [];
  (t.questions ?? []).forEach((row, i) => {
    const code = textOf(row.outcome).trim().toUpperCase();
    const text = textOf(row.text);
    const kind = row.kind === 'Free text' ? 'Free text' : 'Rating';
    if (!code) return void questions.push({ id: `q${i + 1}`, text, kind });
    const o = outcomes.get(code);
    // One course-exit template serves courses with 4 or 8 COs: questions on COs this course lacks are left out.
    if (!o) return void omitted.push(code);
    questions.push({ id: `q${i + 1}`, text: withStatement(text, o.statement), kind, outcome_code: o.code, outcome: o.id });
  });
  if (!questions.some((q) => q.kind === 'Rating') && (t.questions ?? []).some((q) => q.kind === 'Rating'))
    throw new HttpError(
      400,
      `None of the template's rated questions names an outcome the ${s.survey_for === 'CO' ? 'course' : 'program'} has (${omitted.join(', ')})`,
      { template: 'No matching outcome' },
    );
  const scale: ScalePoint[] = (t.scale ?? []).map((p) => ({ label: textOf(p.label), weight: Number(p.weight) }));
  return { scale, questions, ...(omitted.length ? { omitted } : {}) };
}
