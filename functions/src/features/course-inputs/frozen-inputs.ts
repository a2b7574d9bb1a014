import type { CampusScope, DataOf, EntityDef, RecordOf } from '@attain/shared-types';
import type { EntityHooks } from '../../platform/http/domain-module.js';
import type { CourseYearChange } from './frozen-year-gate.js';

/**
 * Records whose writes the frozen-year gate reads besides the ones with their own hooks (occasions, COs, courses,
 * curricula) and documents (marks, papers, matrices, the method, paper survey counts): what an approved year's figures
 * read, so what may not change while it is frozen (docs/frozen-years.md). Per record type (by name, so a Lambda
 * carries no other type's definition): the course-years a record feeds (`changes`) and the fields whose change matters
 * (`inputs`; a change of any other field, a PO's statement or a student's name, is not refused). The list is checked
 * against what the computation reads (functions/tests/unit/frozen-inputs.test.ts).
 */
interface FrozenInput {
  changes: (rec: Readonly<Record<string, unknown>>) => CourseYearChange[];
  inputs: readonly string[];
}

export const FROZEN_INPUTS: Readonly<Record<string, FrozenInput>> = {
  // A program's POs and PSOs are the columns of its matrices and PO attainment: every year of the program.
  'generic-program-outcome': {
    changes: (r) => (r.program ? [{ program: String(r.program) }] : []),
    inputs: ['program', 'outcome_type', 'po_reference'],
  },
  // A survey is its year's indirect evidence: a course-exit survey of its course's year, a PO survey of its program's.
  survey: {
    changes: (r) =>
      r.survey_for === 'CO' && r.course
        ? [{ course: String(r.course), year: String(r.academic_year) }]
        : [{ program: String(r.program), year: String(r.academic_year) }],
    inputs: ['survey_for', 'program', 'curriculum', 'course', 'academic_year', 'template', 'type', 'start_date', 'end_date'],
  },
  // A student is on the roster of every occasion of their curriculum and section.
  student: {
    changes: (r) => [{ roster: { curriculum: String(r.curriculum), section: String(r.section ?? 'A') } }],
    inputs: ['curriculum', 'section'],
  },
};

/** Whether any of `fields` differs between two versions of a record (values compared as JSON). */
const differs = (fields: readonly string[], a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) =>
  fields.some((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null));

/** A gate of the frozen-year rule: `assertCourseYearOpen`, or `assertProgramOpen` for a type that feeds programs only. */
export type FrozenGate = (scope: CampusScope, ...changes: CourseYearChange[]) => Promise<void>;

/**
 * The frozen-year gate as CRUD hooks of one record type of `FROZEN_INPUTS`: a create, a delete, and a replace that
 * changes one of its `inputs` are refused by `gate` (409) while a frozen year holds the record as it was or as it would
 * be; then the type's own hooks run. The gate is given (not imported here) so a Lambda carries only the one it uses.
 * @throws Error when `def` is not in `FROZEN_INPUTS` (a wiring mistake, found by the domain tests)
 */
export function withFrozenGate<D extends EntityDef>(def: D, gate: FrozenGate, hooks: EntityHooks<D> = {}): EntityHooks<D> {
  const input = FROZEN_INPUTS[def.name];
  if (!input) throw new Error(`${def.name} is not a frozen input`);
  const check = (scope: CampusScope, ...recs: (DataOf<D> | RecordOf<D>)[]) =>
    gate(scope, ...recs.flatMap((r) => input.changes(r as Readonly<Record<string, unknown>>)));
  return {
    ...hooks,
    beforeCreate: async (scope, data, refs) => {
      await check(scope, data);
      await hooks.beforeCreate?.(scope, data, refs);
    },
    beforeReplace: async (scope, data, old, refs) => {
      if (differs(input.inputs, data as Readonly<Record<string, unknown>>, old)) await check(scope, old, data);
      await hooks.beforeReplace?.(scope, data, old, refs);
    },
    beforeDelete: async (scope, rec) => {
      await check(scope, rec);
      return (await hooks.beforeDelete?.(scope, rec)) ?? [];
    },
  };
}

/**
 * The gate of a roster file (the students import): the rosters it changes, new students' and those whose section
 * changes (from and to), refused all together by `gate` (`assertCourseYearOpen`) before anything is written.
 * @throws HttpError 409 naming the frozen year
 */
export async function assertRostersOpen(
  scope: CampusScope,
  gate: FrozenGate,
  changed: readonly { curriculum: string; section?: string }[],
): Promise<void> {
  const keys = new Map(changed.map((r) => [`${r.curriculum}|${r.section ?? 'A'}`, r]));
  await gate(scope, ...[...keys.values()].map((roster) => ({ roster })));
}

/**
 * Record types the computation of a year's figures reads that are gated by their own hooks (the curriculum,
 * assessments and attainment Lambdas), each with what is refused. With `FROZEN_INPUTS` and `NOT_FROZEN_INPUTS`, every
 * record type the computation reads is named (the unit test reads the computation's sources for the list).
 */
export const GATED_BY_OWN_HOOKS: Readonly<Record<string, string>> = {
  'course-curriculum': 'a move to another curriculum, term or program, a changed weightage, and deletion',
  'course-outcome': 'any create, change or delete of a course with results in the year',
  occasion: 'a create, change, move or delete of an occasion in the year',
  curriculum: 'a move to another program with courses that have results in the year',
  'attainment-method': "any change of the program's method while a year of it is frozen",
};

/** Record types the computation reads that are no input of a frozen figure, each with why. */
export const NOT_FROZEN_INPUTS: Readonly<Record<string, string>> = {
  program: "its title and SAR format: no figure of a year reads another of the program's fields",
};

/**
 * Items the computation reads straight from their partitions (not as records or documents), each by its store
 * function, with what keeps them fixed while a year is frozen or why they are no input. The unit test finds every store
 * function that reads a partition and is called by the computation, and fails when one is missing here.
 */
export const FROZEN_PARTITIONS: Readonly<Record<string, string>> = {
  readMarks: "an occasion's marks rows: written only with its marks-sheet document (see FROZEN_DOCUMENTS)",
  readAnswers:
    "a survey's online answers: taken only while the survey is open, a year is approved only once its surveys have " +
    "closed (approveYear), and a frozen year's survey dates cannot change (FROZEN_INPUTS.survey)",
  readInvitees: "a survey's invitees: invited only until the survey closes, so fixed as its answers are",
  storeCourseResults:
    "no input: the computation's own stored results, read to keep the newest; a frozen year's figures come from its snapshot",
  readProgramResults: 'no input: the stored results computed from the inputs above; a frozen year is read from its snapshot',
  listFrozenYears: 'no input: the approvals themselves, written only by approving and unfreezing',
  readStudentResults: "no input: each student's own results stored for their page, an output of the computation never read by it",
  replaceStudentResults:
    "no input: reads only the list of student results it stored last (its manifest's pages), to replace them; an output of the computation",
};

/** Documents the computation reads, each with the write path that refuses them while a year is frozen (or why none). */
export const FROZEN_DOCUMENTS: Readonly<Record<string, string>> = {
  'marks-sheet': 'marks grid, files and the large-file import (assertCourseYearOpen per occasion)',
  'question-paper': 'saveQuestionPaper (writeCourseInput)',
  'co-po-matrix': 'saveMatrix and the matrix import (writeCourseInput); the PO move checks assertProgramOpen first',
  'survey-form': 'written only with its survey, which is a frozen input',
  'survey-offline': 'paper survey counts (writeCourseInput)',
  'improvement-plan': 'none: actions taken after the results, recorded as they happen (SAR 3.8 action taken)',
};
