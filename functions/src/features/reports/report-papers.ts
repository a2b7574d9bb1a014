import {
  type CampusScope,
  OCCASION_KINDS,
  type PaperQuestion,
  type RecordOf,
  bloomLevel,
  courseOutcome,
  occasion,
} from '@attain/shared-types';
import { getDocuments } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { queryByField } from '../../platform/store/records.js';
import type { CurriculumReport } from './report-curriculum.js';

/** An assessment occasion with the questions of its paper (none when its paper was never saved). */
export interface OccasionPaper {
  occasion: RecordOf<typeof occasion>;
  questions: PaperQuestion[];
}

/** The question papers of a report's courses, and the words for the COs and Bloom's levels their questions name. */
export interface CurriculumPapers {
  /** Per course id, its occasions (ISE, MSE, ESE; then by date and name) with their papers. */
  byCourse: Map<string, OccasionPaper[]>;
  /** A CO's code (`CO2`); the id itself when the CO no longer exists. */
  coCode: (id: string) => string;
  /** A Bloom's level as `K3 Apply`; the id itself when the level no longer exists. */
  bloomName: (id: string) => string;
}

/**
 * Reads the occasions of the report's courses (one Query on the occasions' curriculum index), their papers (one
 * BatchGetItem per 100), the curriculum's COs (one Query) and the campus's Bloom's levels (one Query).
 * @param kinds only occasions of these kinds (e.g. `CIE_KINDS` for the internal papers); all when absent
 */
export async function loadPapers(scope: CampusScope, cr: CurriculumReport, kinds?: readonly string[]): Promise<CurriculumPapers> {
  const wanted = new Set(cr.courses.map((c) => c.id));
  const [occasions, cos, levels] = await Promise.all([
    queryByField(scope, occasion, 'curriculum', cr.curriculum.id),
    queryByField(scope, courseOutcome, 'curriculum', cr.curriculum.id),
    listAll(scope, bloomLevel),
  ]);
  const mine = occasions
    .filter((o) => wanted.has(o.course) && (!kinds || kinds.includes(o.kind)))
    .sort(
      (a, b) =>
        OCCASION_KINDS.indexOf(a.kind) - OCCASION_KINDS.indexOf(b.kind) ||
        (a.held_on ?? '').localeCompare(b.held_on ?? '') ||
        a.name.localeCompare(b.name, undefined, { numeric: true }),
    );
  const docs = await getDocuments(
    scope,
    'question-paper',
    mine.map((o) => o.id),
  );
  const byCourse = new Map<string, OccasionPaper[]>();
  for (const o of mine) {
    const questions = docs.get(o.id)?.questions ?? [];
    byCourse.set(o.course, [...(byCourse.get(o.course) ?? []), { occasion: o, questions }]);
  }
  const coCodes = new Map(cos.map((c) => [c.id, c.code]));
  const levelNames = new Map(levels.map((l) => [l.id, [l.level_of_learning, l.name].filter(Boolean).join(' ')]));
  return { byCourse, coCode: (id) => coCodes.get(id) ?? id, bloomName: (id) => levelNames.get(id) ?? id };
}

/** An occasion as a table title: `ISE 1 (ISE, section A, 20 marks)`. */
export const occasionTitle = (o: RecordOf<typeof occasion>): string =>
  `${o.name} (${[o.kind, o.section ? `section ${o.section}` : '', `${o.total_marks} marks`].filter(Boolean).join(', ')})`;
