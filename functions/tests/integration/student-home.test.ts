import type { MyResultsView, MarksSheetView, StudentsAttainmentView } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

/**
 * A student's own page (issue 43): the demo's sample students sign in with their accounts and read their results
 * (`GET /api/me/results`): their own CO percents, equal to what the staff's per-student page says of them, their own
 * marks, the class's counts, and nothing of another student. Only the demo data is read; nothing is written.
 */
const base = inject('stackUrl');
const users = inject('users');
const { emails, password } = inject('sampleStudents');

/** Two students of section A (2025-26, the demo's current year): the first and second roll numbers. */
const A = '25csa001@students.attain.example';
const B = '25csa002@students.attain.example';

let asA: ReturnType<typeof client>;
let asB: ReturnType<typeof client>;
let admin: ReturnType<typeof client>;
let mine: MyResultsView;
let theirs: MyResultsView;

beforeAll(async () => {
  asA = client(base, await login(base, A, password));
  asB = client(base, await login(base, B, password));
  admin = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
  const [a, b] = await Promise.all([asA.get('/api/me/results'), asB.get('/api/me/results')]);
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  expect(b.status).toBe(200);
  mine = a.body.data;
  theirs = b.body.data;
});

describe("a student's own results", () => {
  it('gives every sample student of the demo an account (120, one per roll number)', () => {
    expect(emails).toHaveLength(120);
    expect(emails).toContain(A);
    expect(new Set(emails).size).toBe(120);
  });

  it('names the student and opens on the current year, with every course of theirs that has their marks', () => {
    expect(mine.student).toEqual({ roll_no: '25CSA001', name: 'Sample student 25CSA001', section: 'A' });
    expect(mine.year_choice).toMatchObject({ year: '2025-26', reason: 'current' });
    expect(mine.years).toEqual(['2025-26']);
    expect(mine.courses.length).toBeGreaterThan(3);
    for (const c of mine.courses) {
      expect(c.cos.length, c.course.code).toBeGreaterThan(0);
      expect(c.occasions.map((o) => o.kind).sort(), c.course.code).toEqual(['ESE', 'ISE', 'MSE']);
    }
  });

  it('opens on the newest year with their marks for a student of an earlier batch', async () => {
    const older = client(base, await login(base, '24csb001@students.attain.example', password));
    const res: MyResultsView = (await older.get('/api/me/results')).body.data;
    expect(res.student.section).toBe('B');
    expect(res.years).toEqual(['2024-25']);
    expect(res.year_choice).toMatchObject({ year: '2024-25', reason: 'course', current: '2025-26' });
    expect(res.courses.length).toBe(mine.courses.length);
  });

  it("shows the student's CO percents exactly as the staff's per-student page does, and the class's counts from the same rule", async () => {
    for (const c of mine.courses.slice(0, 3)) {
      const staff: StudentsAttainmentView = (await admin.get(`/api/attainment/students/${c.course.id}?year=2025-26`)).body.data;
      const row = staff.students.find((s) => s.roll_no === '25CSA001');
      expect(row, c.course.code).toBeDefined();
      for (const co of c.cos) {
        expect(co.percent, `${c.course.code} ${co.code}`).toBe(row!.co[co.id] ?? null);
        const counted = staff.students.map((s) => s.co[co.id]).filter((v): v is number => v !== null && v !== undefined);
        expect(co.class_students).toBe(counted.length);
        expect(co.class_reached).toBe(counted.filter((v) => v >= c.threshold).length);
        expect(co.class_bins.reduce((a, b) => a + b, 0)).toBe(counted.length);
        expect(co.reached).toBe(co.percent === null ? null : co.percent >= c.threshold);
      }
    }
    // The demo's levels vary: some COs are reached and some are not across the class.
    const all = mine.courses.flatMap((c) => c.cos);
    expect(all.some((co) => co.class_reached > 0 && co.class_reached < co.class_students)).toBe(true);
  });

  it("shows the student's own marks on each question, as the marks sheet holds them", async () => {
    const course = mine.courses[0]!;
    for (const o of course.occasions) {
      const sheet: MarksSheetView = (await admin.get(`/api/marks/${o.id}`)).body.data;
      const me = sheet.students.find((s) => s.roll_no === '25CSA001')!;
      const row = sheet.rows.find((r) => r.student === me.id)!;
      expect(o.absent, o.name).toBe(Boolean(row.absent));
      expect(o.questions.map((q) => q.number)).toEqual(sheet.questions.map((q) => q.number));
      if (!o.absent) for (const q of o.questions) expect(q.marks, `${o.name} Q${q.number}`).toBe(row.marks[q.number] ?? null);
    }
  });

  it('carries nothing of another student: not their id, roll number, name or marks rows', async () => {
    const text = JSON.stringify(mine);
    expect(text).not.toContain('25CSA002');
    expect(text).not.toContain('Sample student 25CSA002');
    const sheet: MarksSheetView = (await admin.get(`/api/marks/${mine.courses[0]!.occasions[0]!.id}`)).body.data;
    for (const other of sheet.students.filter((s) => s.roll_no !== '25CSA001')) expect(text).not.toContain(other.id);
    // The second student reads their own, not the first's.
    expect(theirs.student.roll_no).toBe('25CSA002');
    expect(JSON.stringify(theirs)).not.toContain('25CSA001');
  });

  it("refuses a student every staff route that would show another student's values", async () => {
    const course = mine.courses[0]!;
    const occasion = course.occasions[0]!;
    for (const path of [
      `/api/attainment/students/${course.course.id}`,
      `/api/attainment/course/${course.course.id}`,
      `/api/attainment/improvement-plan/${course.course.id}`,
      `/api/marks/${occasion.id}`,
      '/api/student',
      `/api/Course-Curriculum/${course.course.id}`,
      '/api/auth/user-list',
    ])
      expect((await asA.get(path)).status, path).toBe(403);
  });

  it('is for students only: staff are refused, with words saying so', async () => {
    const res = await admin.get('/api/me/results');
    expect(res.status).toBe(403);
    expect(res.body.errors.detail).toBe('These pages are for students');
  });

  it('refuses a year written wrong, and answers a year with no marks of theirs with no course', async () => {
    expect((await asA.get('/api/me/results?year=2025')).status).toBe(400);
    const empty = await asA.get('/api/me/results?year=2019-20');
    expect(empty.status).toBe(200);
    expect(empty.body.data.courses).toEqual([]);
    expect(empty.body.data.year_choice).toMatchObject({ year: '2019-20', reason: 'chosen' });
  });
});

describe("a faculty member's reach into students' values", () => {
  /** A faculty member of `department` made by the campus admin, signed in. */
  async function facultyOf(department: string, tag: string) {
    const email = `${tag}-${Date.now()}@faculty.attain.example`;
    const made = await admin.post('/api/auth/user-list', {
      email,
      role: 'faculty',
      password: 'Faculty-Pass-1!',
      first_name: 'Sample',
      last_name: tag,
      department,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return client(base, await login(base, email, 'Faculty-Pass-1!'));
  }

  it("keeps a student's marks and attainment from faculty of another department on every route, and opens them to the course's own", async () => {
    const course = mine.courses[0]!;
    const rec = (await admin.get(`/api/Course-Curriculum/${course.course.id}`)).body.data;
    expect(rec.department, 'the demo course has a department').toBeTruthy();
    const depts = (await admin.get('/api/department?limit=100')).body.data as { id: string }[];
    let elsewhere = depts.find((d) => d.id !== rec.department)?.id;
    if (!elsewhere) {
      const made = await admin.post('/api/department', { name: 'Mechanical Engineering (test)', short_name: 'MEX' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      elsewhere = made.body.data.id as string;
    }
    const outsider = await facultyOf(elsewhere!, 'outsider');
    const colleague = await facultyOf(rec.department, 'colleague');
    const occasion = course.occasions[0]!;
    const cur = (await admin.get(`/api/curriculum/${rec.curriculum}`)).body.data;
    const paths = [
      `/api/attainment/students/${course.course.id}?year=2025-26`,
      `/api/marks/${occasion.id}`,
      `/api/marks/${occasion.id}/template?filled=true`,
      `/api/attainment/improvement-plan/${course.course.id}?year=2025-26`,
      '/api/me/results',
      '/api/me/surveys',
    ];
    for (const path of paths) {
      const res = await outsider.get(path);
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.body), path).not.toContain('25CSA001');
    }
    expect((await outsider.get(paths[0])).body.errors.detail).toMatch(
      /open to its department's faculty, its owner and the administrators$/,
    );
    // The student improvement report leaves out the plans of courses the caller may not read.
    const report = await outsider.get(`/api/reports/student-imp?program=${cur.program}&curriculum=${rec.curriculum}&year=2025-26`);
    expect(report.status, JSON.stringify(report.body).slice(0, 300)).toBe(200);
    expect(JSON.stringify(report.body)).not.toContain('25CSA001');
    // The course's department's faculty read them, as the campus admin does.
    const staff = await colleague.get(paths[0]);
    expect(staff.status).toBe(200);
    expect(staff.body.data.students.map((s: { roll_no: string }) => s.roll_no)).toContain('25CSA001');
    expect((await colleague.get(paths[1])).status).toBe(200);
    const theirs = await colleague.get(`/api/reports/student-imp?program=${cur.program}&curriculum=${rec.curriculum}&year=2025-26`);
    const full = (await admin.get(`/api/reports/student-imp?program=${cur.program}&curriculum=${rec.curriculum}&year=2025-26`)).body.data;
    expect(theirs.body.data.sections).toEqual(full.sections);
    expect(JSON.stringify(full.sections)).toContain('25CSA0');
  });
});
