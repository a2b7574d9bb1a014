import { isOneOf, objectOrEmpty, textOf } from '../guards.js';
import { MAX_SCALE_POINTS, OUTCOME_CODE, SURVEY_FOR } from './survey-choices.js';

/** A rating scale point as stored: its label and weight (any unit; only ratios to the largest weight matter). */
export interface ScalePoint {
  label: string;
  weight: number;
}

/**
 * Rules across a template's fields (run by `validateBody` like every `checks` hook):
 * - a template with a rating question needs a scale of 2 to `MAX_SCALE_POINTS` points, with distinct labels and a
 *   largest weight above 0 (the survey percent divides by it);
 * - a question's outcome code must be of the kind the template is for (`OUTCOME_CODE`): a CO survey's questions
 *   name COs, a PO survey's POs or PSOs, a PEO survey's PEOs; other surveys assess no outcome.
 * @returns field -> message for each broken rule (empty when fine). Pure.
 */
export function templateProblems(d: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const questions = Array.isArray(d.questions) ? d.questions.map(objectOrEmpty) : [];
  const scale = Array.isArray(d.scale) ? d.scale.map(objectOrEmpty) : [];
  if (questions.some((q) => q.kind === 'Rating')) {
    if (scale.length < 2) out.scale = 'Give the rating scale at least 2 points';
    else if (scale.length > MAX_SCALE_POINTS) out.scale = `At most ${MAX_SCALE_POINTS} points`;
    else if (!(Math.max(...scale.map((p) => Number(p.weight) || 0)) > 0)) out.scale = 'At least one point needs a weight above 0';
    else if (new Set(scale.map((p) => textOf(p.label).trim().toLowerCase())).size !== scale.length)
      out.scale = 'Two points have the same label';
  }
  const pattern = isOneOf(SURVEY_FOR, d.survey_for) ? OUTCOME_CODE[d.survey_for] : undefined;
  questions.forEach((q, i) => {
    const code = textOf(q.outcome).trim().toUpperCase();
    if (out.questions || !code) return;
    if (!pattern) out.questions = `Row ${i + 1}: a ${textOf(d.survey_for)} survey assesses no outcome; leave "Outcome" blank`;
    else if (!pattern.test(code))
      out.questions = `Row ${i + 1}: "${code}" is not a ${d.survey_for === 'PO' ? 'PO or PSO' : textOf(d.survey_for)} code`;
    else if (q.kind !== 'Rating') out.questions = `Row ${i + 1}: only a rating question can assess an outcome`;
  });
  return out;
}
