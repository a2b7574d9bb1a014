import type { CourseAttainment, MappedMarksResult } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parseCsvRows } from '../../src/platform/lib/csv.js';
import { client, login, signedIn } from '../support/client.js';
import { courseWithOneCo, occasionWithPaper } from '../support/course-setup.js';
import { type MoodleAttempt, moodleGradesReport, moodleMapping } from '../support/lms-exports.js';

/**
 * Issue 44 item 1: a teacher imports Moodle's quiz "Grades" report (per-question marks, 30 students, some with two
 * attempts, one still in progress, one visitor not on the roster) into an occasion's paper by a column mapping, and the
 * course's CO attainment equals what the marks template gives for the same marks in a twin course.
 */
const base = inject('stackUrl');
const users = inject('users');
const stamp = Date.now().toString(36);
const STUDENTS = 30;
let admin: ReturnType<typeof client>;
let token = '';

/** A course with one CO, a roster of 30 in section A (roll numbers `<prefix>01`...) and an ISE of 3 questions out of 10. */
async function twin(prefix: string) {
  const setup = await courseWithOneCo(admin, `Mapped ${prefix} ${stamp}`, `MM${prefix}${stamp}`.slice(0, 20));
  const roster = Array.from({ length: STUDENTS }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')},Student ${i + 1},A,`);
  const res = await fetch(`${base}/api/import/students?curriculum=${setup.curriculum.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: `roll_no,name,section,email\n${roster.join('\n')}\n`,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const occasion = await occasionWithPaper(admin, { course: setup.course.id, co: setup.co.id, bloom: setup.bloom }, 'ISE 1', 3, 10);
  return { ...setup, occasion };
}

/** The quiz's marks of student i (1-based): Q1 and Q2 out of 10, Q3 out of 5 in steps of 0.5; varied, some low. */
const quiz = (i: number) => [(i * 7) % 11, (i * 3) % 11, ((i * 2) % 11) / 2];

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
});

describe("marks from Moodle's quiz Grades report", { timeout: 180_000 }, () => {
  it('preview, save and attainment equal to the template route for the same marks; the mapping is kept', async () => {
    const moodle = await twin('MQ');
    const template = await twin('TP');
    const attempts: MoodleAttempt[] = [];
    for (let i = 1; i <= STUDENTS; i++) {
      const roll = `MQ${String(i).padStart(2, '0')}`;
      const person = { surname: `Student${i}`, first: 'Test', idnumber: roll, email: `${roll.toLowerCase()}@college.edu` };
      // Five students tried twice, the first time lower; the last has an attempt still open, with no marks.
      if (i <= 5) attempts.push({ ...person, marks: ['0.00', '1.00', '0.50'] });
      if (i === STUDENTS) attempts.push({ ...person, state: 'In progress', marks: ['-', '-', '-'] });
      else attempts.push({ ...person, marks: quiz(i).map((m) => m.toFixed(2)) });
    }
    attempts.push({ surname: 'Visitor', first: 'Guest', idnumber: 'GUEST1', email: 'guest@example.com', marks: ['5.00', '5.00', '5.00'] });
    const rows = parseCsvRows(moodleGradesReport([10, 10, 5], attempts));
    const mapping = moodleMapping([10, 10, 5]);
    const path = `/api/marks/${moodle.occasion.id}/import`;
    expect((await admin.get(`/api/marks/${moodle.occasion.id}/mapping`)).body.data).toEqual({ mapping: null });

    // The preview: counts, the visitor listed, the scaling stated, the two-attempt students counted; nothing saved.
    const preview = await admin.post(`${path}?dry_run=true`, { rows, mapping });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const seen = preview.body.data as MappedMarksResult;
    expect(seen).toMatchObject({ rows: STUDENTS - 1, unmarked: 0, several_attempts: 5, not_in_file: 1 });
    expect(seen.unmatched).toEqual([
      { row: rows.length - 2, value: `MQ${STUDENTS}`, reason: 'Attempt not submitted (In progress): left out' },
      { row: rows.length - 1, value: 'GUEST1', reason: 'Nobody on the roster has this roll number' },
    ]);
    expect(seen.scaling[2]?.text).toBe('Q. 3 /5.00 (out of 5) → question 3 (out of 10): each mark × 2, rounded to 2 decimals');
    expect(preview.body.message).toMatch(/^The file is fine: .*; 2 rows left out \(listed\); nothing saved yet$/);
    expect((await admin.get(`/api/marks/${moodle.occasion.id}`)).body.data.rows).toEqual([]);

    const saved = await admin.post(path, { rows, mapping });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const sheet = (await admin.get(`/api/marks/${moodle.occasion.id}`)).body.data;
    const byRoll = new Map(sheet.students.map((s: { id: string; roll_no: string }) => [s.id, s.roll_no]));
    const stored = new Map(sheet.rows.map((r: { student: string; marks: Record<string, number> }) => [byRoll.get(r.student), r.marks]));
    expect(stored.get('MQ03')).toEqual({ 1: quiz(3)[0], 2: quiz(3)[1], 3: quiz(3)[2]! * 2 });
    expect(stored.has('MQ30')).toBe(false);
    expect((await admin.get(`/api/marks/${moodle.occasion.id}/mapping`)).body.data).toMatchObject({
      mapping,
      updated_by: users.demoAdmin.email,
    });

    // The same marks through the template, in the twin course.
    const csv = [
      'roll_no,name,1,2,3',
      ...Array.from({ length: STUDENTS - 1 }, (_, k) => {
        const [a, b, c] = quiz(k + 1);
        return `TP${String(k + 1).padStart(2, '0')},Student ${k + 1},${a},${b},${c! * 2}`;
      }),
    ].join('\n');
    const upload = await fetch(`${base}/api/marks/${template.occasion.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: `${csv}\n`,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const attainment = async (course: string) => {
      const res = await admin.get(`/api/attainment/course/${course}`);
      expect(res.status).toBe(200);
      return res.body.data.result as CourseAttainment;
    };
    const [fromMoodle, fromTemplate] = await Promise.all([attainment(moodle.course.id), attainment(template.course.id)]);
    expect(fromMoodle.cos.length).toBe(1);
    expect(fromMoodle.cos).toEqual(fromTemplate.cos.map((c) => ({ ...c, co: fromMoodle.cos[0]!.co })));
    expect(fromMoodle.course_attainment).toBe(fromTemplate.course_attainment);
    expect(fromMoodle.students_with_marks).toBe(STUDENTS - 1);
  });

  it('refuses a mapping to a question the paper does not have, a file with nobody on the roster, and bad marks, saving nothing', async () => {
    const course = await twin('BD');
    const path = `/api/marks/${course.occasion.id}/import`;
    const rows = parseCsvRows(
      moodleGradesReport(
        [10, 10, 10],
        [
          { surname: 'A', first: 'B', idnumber: 'BD01', email: 'bd01@college.edu', marks: ['4.00', '5.00', '6.00'] },
          { surname: 'C', first: 'D', idnumber: 'BD02', email: 'bd02@college.edu', marks: ['4.00', 'Requires grading', '11.00'] },
        ],
      ),
    );
    const mapping = moodleMapping([10, 10, 10], 'last');
    const gone = await admin.post(path, {
      rows,
      mapping: { ...mapping, questions: [{ column: 'Q. 1 /10.00', question: '9', out_of: 10 }] },
    });
    expect(gone.status).toBe(400);
    expect(gone.body.errors.fields).toEqual({ 'mapping.questions.0.question': 'No such question on the paper' });
    const nobody = await admin.post(path, { rows, mapping: { ...mapping, student_column: 'Email address' } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors.detail).toMatch(/^Nothing was saved: no row of the file names a student/);
    // Bad marks: named by the file's own line (BD02 is line 3), nothing written.
    const bad = await admin.post(path, { rows, mapping });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.rows.map((r: { row: number }) => r.row)).toEqual([3, 3]);
    expect((await admin.get(`/api/marks/${course.occasion.id}`)).body.data.rows).toEqual([]);
    // Not rows of cells at all: a 400 naming the body's fields.
    const notRows = await admin.post(path, { rows: 'Surname,First name', mapping });
    expect(notRows.status).toBe(400);
    expect(Object.keys(notRows.body.errors.fields)).toContain('rows');
    // Faculty who do not teach the course may not import into it.
    const faculty = await signedIn(base, users.demoFaculty);
    expect((await faculty.post(path, { rows, mapping })).status).toBe(403);
  });
});
