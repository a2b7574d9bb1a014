import {
  type DashboardView,
  type ProgramAttainmentView,
  type RollupView,
  type SarView,
  courseResultsYear,
  currentAcademicYear,
  defaultResultsYear,
  nbaYearLabel,
  organization,
  todayInIndia,
} from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { DEMO_CURRENT_YEAR } from '../../src/local/seed/demo-campus.js';

/**
 * One current academic year: every API that picks a year by default (the dashboard of a campus and of the group, the
 * roll-up, the program attainment, the SAR as JSON, DOCX and PDF) counts from the same current academic year and
 * lands, per kind (one campus's program; the group's campuses), on one value by one rule: the newest year with
 * results, not after CAY. The SAR without a year answers 200 with that year.
 */
const base = inject('stackUrl');
const users = inject('users');
let adminToken: string;
let groupToken: string;
let admin: ReturnType<typeof client>;
let group: ReturnType<typeof client>;

beforeAll(async () => {
  adminToken = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  groupToken = await login(base, users.groupAdmin.email, users.groupAdmin.password);
  admin = client(base, adminToken);
  group = client(base, groupToken);
});

/** A campus's programs' years with results, each program's list, as `GET /api/attainment/program/{id}` gives them. */
async function resultYearsOf(campus: ReturnType<typeof client>): Promise<{ id: string; years: string[] }[]> {
  const programs = (await campus.get('/api/program?limit=1000')).body.data as { id: string }[];
  return Promise.all(
    programs.map(async (p) => {
      const view = (await campus.get(`/api/attainment/program/${p.id}`)).body.data as ProgramAttainmentView;
      return { id: p.id, years: view.years.map((y) => y.academic_year ?? '') };
    }),
  );
}

describe('the year every page opens on', { timeout: 180_000 }, () => {
  it("is the demo campus's current academic year, as its admin set it, on its dashboard, program attainment and SAR", async () => {
    // The demo campus's Organization sets its CAY (the year of its newest sample marks): chosen, not today's date's year.
    const cay = DEMO_CURRENT_YEAR;
    const [bTech] = (await resultYearsOf(admin)).filter((p) => p.years.length);
    const want = defaultResultsYear([bTech.years], cay);
    expect(want).toMatchObject({ year: cay, reason: 'current' });

    const program = (await admin.get(`/api/attainment/program/${bTech.id}`)).body.data as ProgramAttainmentView;
    expect(program.year_choice).toEqual(want);
    expect(program.year_choice.text).toBe(`${cay}: the current academic year`);

    const sar = await admin.get(`/api/reports/sar/${bTech.id}?review=1`);
    expect(sar.status).toBe(200);
    const view = sar.body.data as SarView;
    expect(view.year_choice).toEqual(want);
    expect(view.years[0]).toBe(want.year);
    expect(view.context).toContain(`Year: ${want.text}`);
    // The SAR is made for its year: that year is its CAY, and every year is named from it (decision 0045).
    expect(view.context).toContain(`Report year (CAY): ${want.year}`);
    expect(view.context.find((c) => c.startsWith('Years: '))).toContain(
      view.years.map((y) => `${nbaYearLabel(y, want.year)} ${y}`).join(', '),
    );
    for (const format of ['docx', 'pdf']) {
      const file = await fetch(`${base}/api/reports/sar/${bTech.id}?format=${format}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(file.status, format).toBe(200);
      // The file name ends in the year (quoted or not: RFC 6266 allows both for a plain ASCII name).
      expect(file.headers.get('content-disposition'), format).toMatch(new RegExp(`filename="?[^";]*-${want.year}\\.${format}"?(;|$)`));
    }

    // The campus dashboard counts one campus by the same rule over all its programs.
    const dashboard = (await admin.get('/api/dashboard')).body.data as DashboardView;
    const campusWant = defaultResultsYear([(await resultYearsOf(admin)).flatMap((p) => p.years)], cay);
    expect(dashboard.year_choice).toEqual(campusWant);
    expect(dashboard.academic_year).toBe(campusWant.year);

    // A course's pages (CO attainment, students, improvement plan) open on the same rule over the course's years.
    const course = program.years[0].courses[0];
    const co = (await admin.get(`/api/attainment/course/${course.course}`)).body.data;
    const courseWant = courseResultsYear(co.years, cay).year;
    expect(co.result.academic_year).toBe(courseWant);
    expect((await admin.get(`/api/attainment/students/${course.course}`)).body.data.year).toBe(courseWant);
    expect((await admin.get(`/api/attainment/improvement-plan/${course.course}`)).body.data.year).toBe(courseWant);

    // The survey dashboard: the same rule over the years that have surveys, with its caption.
    const surveys = (await admin.get('/api/survey-results/dashboard')).body.data;
    const withSurveys = [
      ...new Set((await admin.get('/api/survey?limit=1000')).body.data.map((s: { academic_year: string }) => s.academic_year)),
    ];
    expect(surveys.year_choice).toEqual(defaultResultsYear([withSurveys as string[]], cay));
    expect(surveys.year).toBe(surveys.year_choice.year);
  });

  it("is one year for the group's dashboard and its roll-up: the newest every campus with results has", async () => {
    // The group counts from the newest of its campuses' CAYs: both demo campuses set 2025-26, but a campus another test
    // adds to the group sets none, so its CAY is today's year.
    const all = ((await group.get('/api/group/rollup')).body.data as RollupView).campuses.map((c) => c.id);
    const cays = await Promise.all(
      all.map(async (c) => ((await client(base, groupToken, c).get('/api/dashboard')).body.data as DashboardView).year_choice.current),
    );
    const cayOf = Object.fromEntries(all.map((c, i) => [c, cays[i]]));
    expect([cayOf.demo, cayOf['demo-east']]).toEqual([DEMO_CURRENT_YEAR, DEMO_CURRENT_YEAR]);
    const cay = [...cays].sort().at(-1) as string;
    const campuses = ['demo', 'demo-east'];
    const perCampus = await Promise.all(
      campuses.map(async (c) => (await resultYearsOf(client(base, groupToken, c))).flatMap((p) => p.years)),
    );
    const want = defaultResultsYear(perCampus, cay);
    const dashboard = (await group.get('/api/dashboard')).body.data as DashboardView;
    const rollup = (await group.get('/api/group/rollup')).body.data as RollupView;
    expect(dashboard.scope).toBe('group');
    expect(dashboard.year_choice).toEqual(want);
    expect(rollup.year_choice).toEqual(want);
    expect(rollup.academic_year).toBe(dashboard.academic_year);
    // A year asked for is kept, and named so.
    const asked = (await group.get('/api/group/rollup?year=2024-25')).body.data as RollupView;
    expect(asked.year_choice).toEqual({
      year: '2024-25',
      current: cay,
      reason: 'chosen',
      text: `2024-25: the year chosen (current academic year ${cay})`,
    });
  });

  it("counts CAY from the campus's own start month, which Organization keeps (1-12) and refuses otherwise with 400", async () => {
    const other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
    const list = (await other.get('/api/organization')).body.data as Record<string, unknown>[];
    const org = (list[0] ?? (await other.post('/api/organization', { name: 'Other College' })).body.data) as {
      id: string;
      version: number;
      name: string;
    };
    // What the campus had, to put back afterwards (its own fields only).
    const kept = Object.fromEntries(
      organization.fields.flatMap((f) => (f.name in org ? [[f.name, (org as Record<string, unknown>)[f.name]]] : [])),
    );
    const bad = await other.put(`/api/organization/${org.id}`, { name: org.name, version: org.version, academic_year_start_month: 13 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.detail).toBeTruthy();
    expect(bad.body.errors.fields.academic_year_start_month).toBeTruthy();
    // December: a date in November is still in the year that began last December.
    const saved = await other.put(`/api/organization/${org.id}`, { name: org.name, version: org.version, academic_year_start_month: 12 });
    expect(saved.status).toBe(200);
    try {
      const cay = currentAcademicYear(12, todayInIndia());
      expect((await other.get('/api/auth/profile')).body.data.academic_year_start_month).toBe(12);
      const dashboard = (await other.get('/api/dashboard')).body.data as DashboardView;
      expect(dashboard.year_choice.current).toBe(cay);
    } finally {
      // Put back as it was: deleted when this test made it (the CRUD test expects the other campus to have none).
      if (list[0]) await other.put(`/api/organization/${org.id}`, { ...kept, version: saved.body.data.version });
      else expect((await other.del(`/api/organization/${org.id}`)).status).toBe(200);
    }
  });

  it("is changed only by an admin's audited save of the CAY; an occasion's year is picked, and a date outside it is refused", async () => {
    const other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
    const list = (await other.get('/api/organization')).body.data as Record<string, unknown>[];
    const org = (list[0] ?? (await other.post('/api/organization', { name: 'Other College' })).body.data) as Record<string, any>;
    const kept = Object.fromEntries(organization.fields.flatMap((f) => (f.name in org ? [[f.name, org[f.name]]] : [])));
    const bad = await other.put(`/api/organization/${org.id}`, { name: org.name, version: org.version, current_academic_year: '2024-26' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields.current_academic_year).toBe('Write it as 2025-26');
    const saved = await other.put(`/api/organization/${org.id}`, {
      name: org.name,
      version: org.version,
      current_academic_year: '2023-24',
    });
    expect(saved.status).toBe(200);
    try {
      const dashboard = (await other.get('/api/dashboard')).body.data as DashboardView;
      expect(dashboard.year_choice).toMatchObject({ year: '2023-24', current: '2023-24', reason: 'current' });
      const audit = (await other.get(`/api/audit/history/organization/${org.id}`)).body.data as {
        changes?: { field: string }[];
      }[];
      expect(audit.some((e) => e.changes?.some((c) => c.field === 'current_academic_year'))).toBe(true);
    } finally {
      if (list[0])
        await other.put(`/api/organization/${org.id}`, { ...kept, current_academic_year: null, version: saved.body.data.version });
      else expect((await other.del(`/api/organization/${org.id}`)).status).toBe(200);
    }

    // The demo campus: a course's new occasion dated this term counts in the year picked for it, and the campus's
    // pages stay on the campus's CAY even once that year has results.
    const [bTech] = (await resultYearsOf(admin)).filter((p) => p.years.length);
    const program = (await admin.get(`/api/attainment/program/${bTech.id}`)).body.data as ProgramAttainmentView;
    const course = program.years[0].courses[0].course;
    const sample = (await admin.get(`/api/occasion?course=${course}&limit=100`)).body.data.find((o: { kind: string }) => o.kind === 'ISE');
    const next = '2026-27';
    const outside = await admin.post('/api/occasion', {
      course,
      kind: 'ISE',
      name: 'ISE dated',
      section: 'A',
      total_marks: 20,
      academic_year: DEMO_CURRENT_YEAR,
      held_on: '2026-11-15',
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.fields.held_on).toBe(
      `15/11/2026 is outside ${DEMO_CURRENT_YEAR} (01/06/2025 to 31/05/2026): pick the year it falls in, or correct the date`,
    );
    const occ = (
      await admin.post('/api/occasion', {
        course,
        kind: 'ISE',
        name: 'ISE dated',
        section: 'A',
        total_marks: 20,
        academic_year: next,
        held_on: '2026-11-15',
      })
    ).body.data;
    expect(occ.academic_year).toBe(next);
    // A client that does not send the year (the spec's form has none) keeps the one stored.
    const { academic_year: _picked, ...withoutYear } = occ;
    const renamed = await admin.put(`/api/occasion/${occ.id}`, { ...withoutYear, name: 'ISE dated (renamed)' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.academic_year).toBe(next);
    const paper = (await admin.get(`/api/question-paper/${sample.id}`)).body.data;
    expect((await admin.put(`/api/question-paper/${occ.id}`, { version: 0, questions: paper.questions })).status).toBe(200);
    const sheet = (await admin.get(`/api/marks/${occ.id}`)).body.data;
    const row = (roll: string) => `${roll},,${sheet.questions.map((q: { max_marks: number }) => q.max_marks).join(',')}`;
    const csv = [
      'roll_no,name,' + sheet.questions.map((q: { number: string }) => q.number).join(','),
      ...sheet.students.slice(0, 3).map((s: { roll_no: string }) => row(s.roll_no)),
    ].join('\n');
    const up = await fetch(`${base}/api/marks/${occ.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(up.status).toBe(200);
    try {
      const after = (await admin.get(`/api/attainment/program/${bTech.id}`)).body.data as ProgramAttainmentView;
      expect(after.years.map((y) => y.academic_year)).toContain(next);
      expect(after.year_choice.year).toBe(DEMO_CURRENT_YEAR);
      expect(((await admin.get('/api/dashboard')).body.data as DashboardView).year_choice.year).toBe(DEMO_CURRENT_YEAR);
      expect((await admin.get(`/api/reports/sar/${bTech.id}?criteria=3`)).body.data.year_choice.year).toBe(DEMO_CURRENT_YEAR);
    } finally {
      expect((await admin.del(`/api/occasion/${occ.id}`)).status).toBe(200);
    }
  });
});
