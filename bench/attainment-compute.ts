/**
 * Child process of `npm run bench`: attainment for a whole program, computed in one pass, on generated marks of
 * 8 terms x 8 courses x 120 students x 4 occasions x 20 questions (614,400 marks; 6 COs per course, a full
 * 6 x 15 CO-PO matrix). Prints JSON: compute times (ms), marks, and the peak RSS of this process (MB, generated input included).
 */
import type { MarksRow } from '@attain/shared-types';
import { DEFAULT_METHOD } from '@attain/shared-types';
import { type CourseInput, courseAttainment, programOutcomes, studentAttainment } from '../functions/src/attainment/compute.js';

const TERMS = 8;
const COURSES_PER_TERM = 8;
const STUDENTS = 120;
const OCCASIONS = ['ISE', 'MSE', 'ISE', 'ESE'];
const QUESTIONS = 20;
const outcomes = Array.from({ length: 15 }, (_, i) => ({ id: `po${i + 1}`, reference: i < 12 ? `PO${i + 1}` : `PSO${i - 11}` }));

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const students = Array.from({ length: STUDENTS }, (_, i) => ({ id: `s${i}`, roll_no: `R${i}`, name: `S${i}` }));
const courses: CourseInput[] = [];
let marks = 0;
for (let c = 0; c < TERMS * COURSES_PER_TERM; c++) {
  const cos = Array.from({ length: 6 }, (_, i) => ({ id: `c${c}co${i}`, code: `CO${i + 1}` }));
  const matrix = Object.fromEntries(cos.map((co) => [co.id, Object.fromEntries(outcomes.filter(() => rand() < 0.6).map((o) => [o.id, (1 + Math.floor(rand() * 3)) as 1 | 2 | 3]))]));
  const occasions = OCCASIONS.map((kind, o) => {
    const questions = Array.from({ length: QUESTIONS }, (_, q) => ({ number: String(q + 1), max_marks: 5, co: cos[q % cos.length].id }));
    const rows: MarksRow[] = students.map((s) => ({ student: s.id, marks: Object.fromEntries(questions.map((q) => [q.number, Math.round(rand() * 10) / 2])) }));
    marks += STUDENTS * QUESTIONS;
    return { id: `c${c}o${o}`, kind, questions, marks: rows };
  });
  courses.push({ course: `c${c}`, code: `C${c}`, title: `Course ${c}`, cos, matrix, occasions, roster: STUDENTS });
}
const t0 = performance.now();
const results = courses.map((c) => courseAttainment(c, DEFAULT_METHOD, 1));
const program = programOutcomes(results, outcomes, DEFAULT_METHOD);
const courseMs = performance.now() - t0;
const t1 = performance.now();
let perStudent = 0;
for (const c of courses) perStudent += studentAttainment(c, students, DEFAULT_METHOD).length;
const studentMs = performance.now() - t1;
console.log(JSON.stringify({ marks, courses: results.length, outcomes: program.length, courseMs, studentMs, perStudent, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
