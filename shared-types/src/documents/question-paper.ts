import * as z from 'zod/mini';

/** One rubric criterion of a question: what is judged and the marks it carries. */
export interface RubricCriterion {
  criterion: string;
  marks: number;
}

/**
 * One question of a paper: its number as printed (`1a`), maximum marks, the course outcome it assesses, its
 * Bloom's level and optional rubric criteria (whose marks add up to the question's maximum).
 */
export interface PaperQuestion {
  number: string;
  max_marks: number;
  co: string;
  bloom_level: string;
  rubric?: RubricCriterion[];
}

/**
 * The question paper of an assessment occasion, saved whole (`GET|PUT /api/question-paper/{occasion id}`).
 * Its total (sum of `max_marks`) must equal the occasion's `total_marks`.
 */
export interface QuestionPaper {
  occasion: string;
  questions: PaperQuestion[];
  /** 0 before the first save; a PUT must send the version it read (stale: 409). */
  version: number;
  updated_by?: string;
  updated_at?: string;
}

const marks = z.number().check(
  z.gt(0, 'Must be more than 0'),
  z.lte(1000, 'Too Long!'),
  z.refine((n: number) => Math.round(n * 100) === n * 100, 'At most 2 decimals'),
);

/** Body of `PUT /api/question-paper/{occasion}`: at most 100 questions of at most 20 criteria. */
export const questionPaperBody = z.strictObject({
  version: z.int().check(z.gte(0)),
  questions: z
    .array(
      z.strictObject({
        number: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(10, 'Too Long!')),
        max_marks: marks,
        co: z.string().check(z.minLength(1, 'Required'), z.maxLength(64)),
        bloom_level: z.string().check(z.minLength(1, 'Required'), z.maxLength(64)),
        rubric: z.optional(
          z
            .array(
              z.strictObject({ criterion: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(300, 'Too Long!')), marks }),
            )
            .check(z.maxLength(20)),
        ),
      }),
    )
    .check(z.maxLength(100, 'At most 100 questions')),
});

/** Sum of the questions' maximum marks (marks), to 2 decimals. Pure. */
export function paperTotal(questions: readonly Pick<PaperQuestion, 'max_marks'>[]): number {
  return Math.round(questions.reduce((s, q) => s + q.max_marks, 0) * 100) / 100;
}

/**
 * Per-question problems a person can fix: a repeated number, rubric marks that do not add up to the question's
 * maximum. Keys are `questions.<index>.<field>`. Pure.
 */
export function paperProblems(questions: readonly PaperQuestion[]): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  questions.forEach((q, i) => {
    const n = q.number.trim().toLowerCase();
    if (seen.has(n)) out[`questions.${i}.number`] = `Question ${q.number} appears twice`;
    seen.add(n);
    if (q.rubric?.length) {
      const sum = paperTotal(q.rubric.map((r) => ({ max_marks: r.marks })));
      if (sum !== q.max_marks) out[`questions.${i}.rubric`] = `Rubric marks add up to ${sum}, not ${q.max_marks}`;
    }
  });
  return out;
}
