/**
 * Child process of `npm run bench`: attainment for a whole program, computed in one pass, on generated marks of
 * 8 terms x 8 courses x 120 students x 4 occasions x 20 questions (614,400 marks; 6 COs per course, a 6 x 15
 * CO-PO matrix). Marks come from each student's ability and each course's difficulty, so CO levels spread over
 * 0-3 (a bench where every level is 0 would hide a wrong result). Checks the result against a plain reference
 * computation written straight from the method (no shared code), and times a bare read of every mark in the same run.
 * Prints JSON: times (ms), marks, the level spread, mismatches, and the peak RSS of this process (MB).
 */
import type { MarksRow } from '@attain/shared-types';
import { DEFAULT_METHOD, SEE_KINDS } from '@attain/shared-types';
import { type CourseInput, courseAttainment, programOutcomes, studentAttainment } from '../functions/src/features/attainment/compute.js';

const TERMS = 8;
const COURSES_PER_TERM = 8;
const STUDENTS = 120;
const OCCASIONS = ['ISE', 'MSE', 'ISE', 'ESE'];
const QUESTIONS = 20;
const outcomes = Array.from({ length: 15 }, (_, i) => ({ id: `po${i + 1}`, reference: i < 12 ? `PO${i + 1}` : `PSO${i - 11}` }));

let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const students = Array.from({ length: STUDENTS }, (_, i) => ({
  id: `s${i}`,
  roll_no: `R${i}`,
  name: `S${i}`,
  ability: 0.35 + rand() * 0.6,
}));
const courses: CourseInput[] = [];
let marks = 0;
for (let c = 0; c < TERMS * COURSES_PER_TERM; c++) {
  const cos = Array.from({ length: 6 }, (_, i) => ({ id: `c${c}co${i}`, code: `CO${i + 1}` }));
  const matrix = Object.fromEntries(
    cos.map((co) => [
      co.id,
      Object.fromEntries(outcomes.filter(() => rand() < 0.6).map((o) => [o.id, (1 + Math.floor(rand() * 3)) as 1 | 2 | 3])),
    ]),
  );
  const difficulty = (rand() - 0.5) * 0.5;
  const coDifficulty = cos.map(() => (rand() - 0.5) * 0.3);
  const occasions = OCCASIONS.map((kind, o) => {
    const questions = Array.from({ length: QUESTIONS }, (_, q) => ({ number: String(q + 1), max_marks: 5, co: cos[q % cos.length].id }));
    const rows: MarksRow[] = students.map((s) => {
      if (rand() < 0.03) return { student: s.id, absent: true, marks: {} };
      return {
        student: s.id,
        marks: Object.fromEntries(
          questions.map((q, qi) => {
            const f = Math.min(1, Math.max(0, s.ability - difficulty - coDifficulty[qi % cos.length] + (rand() - 0.5) * 0.4));
            return [q.number, Math.round(f * 10) / 2];
          }),
        ),
      };
    });
    marks += STUDENTS * QUESTIONS;
    return { id: `c${c}o${o}`, kind, questions, marks: rows };
  });
  courses.push({ course: `c${c}`, code: `C${c}`, title: `Course ${c}`, cos, matrix, occasions, roster: STUDENTS });
}

/** The bare read: every mark of every occasion read once, as the computation must at least do. */
function readEveryMark(): number {
  let sum = 0;
  for (const c of courses) for (const o of c.occasions) for (const r of o.marks) for (const q of o.questions) sum += r.marks[q.number] ?? 0;
  return sum;
}

/**
 * Reference CO levels, written straight from the method of docs/design.md "Attainment" with plain objects: per student, group (CIE =
 * ISE + MSE, SEE = ESE) and CO, percent = obtained / maximum of the questions sat; per CO and group, the share of
 * students at or above the threshold gives the level by the bands; direct = CIE/SEE weights (one group alone counts).
 */
function referenceLevels(c: CourseInput): Record<string, number | null> {
  const m = DEFAULT_METHOD;
  const acc: Record<string, Record<string, { got: number; max: number }>> = {};
  for (const o of c.occasions) {
    const g = (SEE_KINDS as readonly string[]).includes(o.kind) ? 'see' : 'cie';
    for (const r of o.marks) {
      if (r.absent) continue;
      for (const q of o.questions) {
        const key = `${r.student}|${g}`;
        acc[key] ??= {};
        acc[key][q.co as string] ??= { got: 0, max: 0 };
        acc[key][q.co as string].got += r.marks[q.number] ?? 0;
        acc[key][q.co as string].max += q.max_marks;
      }
    }
  }
  const level = (p: number) => (p >= m.level3_percent ? 3 : p >= m.level2_percent ? 2 : p >= m.level1_percent ? 1 : 0);
  const out: Record<string, number | null> = {};
  for (const co of c.cos) {
    const lv: Record<string, number | null> = {};
    for (const g of ['cie', 'see']) {
      const ps = Object.entries(acc)
        .filter(([k, v]) => k.endsWith(`|${g}`) && v[co.id]?.max > 0)
        .map(([, v]) => (v[co.id].got / v[co.id].max) * 100);
      lv[g] = ps.length ? level((ps.filter((p) => p >= m.threshold_percent - 1e-9).length / ps.length) * 100) : null;
    }
    const { cie, see } = lv;
    out[co.id] = cie !== null && see !== null ? (m.cie_weight * cie + m.see_weight * see) / 100 : (cie ?? see);
  }
  return out;
}

// Both paths run 15 times, alternately, in the same process; the best times are compared: what each costs when the
// machine lets it run (a busy machine slows either path by more than the difference measured).
const RUNS = 15;
const best = (xs: number[]) => Math.min(...xs);
const reads: number[] = [];
const computes: number[] = [];
let readSum = 0;
let results: ReturnType<typeof courseAttainment>[] = [];
let program: ReturnType<typeof programOutcomes> = [];
for (let i = 0; i < RUNS; i++) {
  const r0 = performance.now();
  readSum = readEveryMark();
  reads.push(performance.now() - r0);
  const t0 = performance.now();
  results = courses.map((c) => courseAttainment(c, DEFAULT_METHOD, 1));
  program = programOutcomes(results, outcomes, DEFAULT_METHOD);
  computes.push(performance.now() - t0);
}
const readMs = best(reads);
const courseMs = best(computes);
const t1 = performance.now();
let perStudent = 0;
for (const c of courses) perStudent += studentAttainment(c, students, DEFAULT_METHOD).length;
const studentMs = performance.now() - t1;

let mismatches = 0;
const spread = [0, 0, 0, 0];
results.forEach((res, i) => {
  const ref = referenceLevels(courses[i]);
  for (const co of res.cos) {
    const want = ref[co.co];
    if (want === null ? co.direct !== null : Math.abs((co.direct ?? -1) - Math.round(want * 100) / 100) > 1e-9) mismatches++;
    for (const g of [co.cie, co.see]) if (g) spread[g.level]++;
  }
});
console.log(
  JSON.stringify({
    marks,
    readSum,
    courses: results.length,
    outcomes: program.length,
    readMs,
    courseMs,
    studentMs,
    perStudent,
    mismatches,
    spread,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
