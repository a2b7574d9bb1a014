import {
  type CampusScope,
  type Caller,
  DEFAULT_METHOD,
  type MarksRow,
  type RecordOf,
  type PaperQuestion,
  attainmentMethod,
  courseCurriculum,
  courseOutcome,
  curriculum,
  occasion,
  program,
  student,
} from '@attain/shared-types';
import { savePaper } from '../../features/assessments/question-paper.js';
import { writeMarks } from '../../features/marks/marks-store.js';
import { overwriteDocument } from '../../platform/store/documents.js';
import { resolveReferences } from '../../platform/store/references.js';
import { listAll } from '../../platform/store/list-all.js';
import { createRecord, queryByField } from '../../platform/store/records.js';
import { prng } from './sample-random.js';

/**
 * SAMPLE DATA, not from any source: generated students and marks so the demo's attainment pages have something to
 * show. Every generated record says so (student names "Sample student", occasion names "(sample)").
 * Three academic years of the same nine published-sample courses: section C sat them in 2023-24, B in 2024-25 and
 * A in 2025-26 (the current academic year, CAY); 40 students each.
 */
const YEARS = [
  { section: 'C', year: 2023, ability: 0.57 },
  { section: 'B', year: 2024, ability: 0.58 },
  { section: 'A', year: 2025, ability: 0.63 },
] as const;
const STUDENTS_PER_SECTION = 40;
/** Occasions per course and year: kind, name, questions x marks each, month held, share of COs covered (first n). */
const PLAN = [
  { kind: 'ISE', name: 'ISE 1', questions: 4, each: 5, month: '09', cover: 0.5 },
  { kind: 'MSE', name: 'MSE', questions: 6, each: 5, month: '10', cover: 0.75 },
  { kind: 'ESE', name: 'ESE', questions: 10, each: 6, month: '12', cover: 1 },
] as const;

/**
 * Seeds the demo's attainment once (when the campus has no student yet): the program's methodology (the documented
 * defaults), sample rosters, and for each published-sample course and year an ISE, MSE and ESE with question papers
 * over its COs and generated marks (about 3 % absent in ISE/MSE).
 * @returns true when it seeded
 */
export async function seedDemoAttainment(scope: CampusScope, admin: Caller, size: { full: boolean } = { full: true }): Promise<boolean> {
  // The smaller campus: its own marks (another random seed, abler students) for the current year only, 30 students.
  const years = size.full ? YEARS : [{ ...YEARS[2], ability: 0.68 }];
  const perSection = size.full ? STUDENTS_PER_SECTION : 30;
  if ((await listAll(scope, student, {})).length) return false;
  const btech = (await listAll(scope, program)).find((p) => p.acronym === 'B.Tech CSE');
  const samples = (await listAll(scope, curriculum)).find((c) => c.name === 'Published CO-PO samples');
  if (!btech || !samples) return false;
  await createRecord(scope, attainmentMethod, {
    ...DEFAULT_METHOD,
    program: btech.id,
    source: `${DEFAULT_METHOD.source} (demo: defaults as shipped)`,
  });
  const rand = prng(size.full ? 2026 : 2027);
  const roster: Record<string, { rec: RecordOf<typeof student>; ability: number }[]> = {};
  for (const y of years) {
    roster[y.section] = [];
    for (let i = 1; i <= perSection; i++) {
      const roll_no = `${String(y.year).slice(2)}CS${y.section}${String(i).padStart(3, '0')}`;
      const rec = await createRecord(scope, student, {
        curriculum: samples.id,
        section: y.section,
        roll_no,
        name: `Sample student ${roll_no}`,
      });
      roster[y.section].push({ rec, ability: Math.min(0.97, Math.max(0.15, y.ability + (rand() - 0.5) * 0.6)) });
    }
  }
  // Every sample course has a code (the import creates them from course_code); the order fixes the generated marks.
  const courses = (await queryByField(scope, courseCurriculum, 'curriculum', samples.id)).sort((a, b) =>
    (a.code ?? '').localeCompare(b.code ?? ''),
  );
  for (const course of courses) {
    const cos = (await queryByField(scope, courseOutcome, 'course', course.id)).sort((a, b) =>
      a.code.localeCompare(b.code, undefined, { numeric: true }),
    );
    if (!cos.length) continue;
    const difficulty = cos.map(() => (rand() - 0.5) * 0.3);
    for (const y of years) {
      for (const p of PLAN) {
        const total = p.questions * p.each;
        const data: Record<string, unknown> = {
          course: course.id,
          kind: p.kind,
          name: `${p.name} ${y.year}-${String((y.year + 1) % 100).padStart(2, '0')} (sample)`,
          section: y.section,
          total_marks: total,
          academic_year: `${y.year}-${String((y.year + 1) % 100).padStart(2, '0')}`,
          held_on: `${y.year}-${p.month}-15`,
          status: 'Marks entered',
          mode: 'Offline',
        };
        // As the API does: check the references and copy the course's curriculum, term, program and department.
        await resolveReferences(scope, occasion, data);
        const occ = await createRecord(scope, occasion, data);
        const covered = Math.max(1, Math.ceil(cos.length * p.cover));
        const questions: PaperQuestion[] = Array.from({ length: p.questions }, (_, i) => {
          const co = cos[i % covered];
          return { number: String(i + 1), max_marks: p.each, co: co.id, bloom_level: co.cognitive_domain };
        });
        await savePaper(scope, admin, occ.id, 0, questions);
        const rows: MarksRow[] = roster[y.section].map(({ rec, ability }) => {
          if (p.kind !== 'ESE' && rand() < 0.03) return { student: rec.id, absent: true, marks: {} };
          const marks: Record<string, number | null> = {};
          questions.forEach((q, i) => {
            const share = Math.min(1, Math.max(0, ability + difficulty[i % covered] + (rand() - 0.5) * 0.5));
            marks[q.number] = Math.round(share * q.max_marks * 2) / 2;
          });
          return { student: rec.id, marks };
        });
        await writeMarks(scope, occ.id, rows);
        await overwriteDocument(scope, 'marks-sheet', occ.id, {
          occasion: occ.id,
          course: course.id,
          last_rows: rows.length,
          sample: true,
        });
      }
    }
  }
  return true;
}
