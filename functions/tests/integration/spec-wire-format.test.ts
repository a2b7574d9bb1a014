import { CRUD_ENTITIES } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { login } from '../support/client.js';

/**
 * A client written from the spec alone ("Figures a college can defend", item 6): bodies exactly as the spec's forms
 * send them, with the spec's `Authorization: token <token>` header. System fields are accepted and ignored (a sent
 * `created_by` never wins); `to` and `cc` take one address or a separated string; the workload's department, program
 * type and program are given by name; a choice is matched in any letter case and stored in its canonical spelling.
 */
const base = inject('stackUrl');
const users = inject('users');
let token = '';
const tag = Date.now().toString(36).slice(-5).toUpperCase();

/** A call as the spec's client makes it: `Authorization: token <token>`, JSON in and out. */
async function spec(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `token ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, any> };
}

let dept: { id: string; name: string; short_name: string };
let program: { id: string; title: string; program_type: string };
let programTypeName = '';
let curriculum: { id: string };

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  dept = (await spec('GET', '/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
  program = (await spec('GET', '/api/program')).body.data.find((p: { department: string }) => p.department === dept.id);
  programTypeName = (await spec('GET', '/api/program-type')).body.data.find((t: { id: string }) => t.id === program.program_type).name;
  curriculum = (await spec('GET', '/api/curriculum')).body.data.find((c: { program: string }) => c.program === program.id);
});

describe("the spec's bodies, as the spec writes them", () => {
  it('accepts the system fields a form sends on create and replace, and a sent created_by never wins', async () => {
    const made = await spec('POST', '/api/department', {
      name: `Wire Format ${tag}`,
      short_name: `W${tag}`,
      status: true,
      created_by: 'someone-else@elsewhere.example',
      created_at: '2001-01-01T00:00:00Z',
      updated_at: '2001-01-01T00:00:00Z',
      updated_by: 'someone-else@elsewhere.example',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.created_by).toBe(users.demoAdmin.email);
    expect(made.body.data.created_at).not.toBe('2001-01-01T00:00:00Z');
    const row = made.body.data;
    const replaced = await spec('PUT', `/api/department/${row.id}`, { ...row, name: `Wire Format ${tag} 2`, created_by: 'x@y.example' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.created_by).toBe(users.demoAdmin.email);
    expect((await spec('DELETE', `/api/department/${row.id}`)).status).toBe(200);
  });

  it('takes the stakeholder body of spec part 2 §7 with its created_at, updated_at and created_by', async () => {
    const res = await spec('POST', '/api/stakeholder', {
      department: dept.id,
      program: program.id,
      curriculum: curriculum.id,
      group: 'Alumni',
      first_name: 'Ravi',
      last_name: 'Nair',
      email: `ravi.${tag.toLowerCase()}@alumni.example`,
      contact_number: '9447000000',
      created_at: '',
      updated_at: '',
      created_by: '',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.created_by).toBe(users.demoAdmin.email);
  });

  it('sends mail to one address given as text, and to a comma- or semicolon-separated list', async () => {
    const one = await spec('POST', '/api/send-mail', {
      to: 'success@simulator.amazonses.com',
      subject: `One ${tag}`,
      email_body: '<p>Hi</p>',
    });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.data.to).toEqual(['success@simulator.amazonses.com']);
    const many = await spec('POST', '/api/send-mail', {
      to: 'success@simulator.amazonses.com; ooto@simulator.amazonses.com',
      cc: 'success+cc@simulator.amazonses.com',
      subject: `Many ${tag}`,
      email_body: '<p>Hi</p>',
    });
    expect(many.status, JSON.stringify(many.body)).toBe(201);
    expect(many.body.data.to).toEqual(['success@simulator.amazonses.com', 'ooto@simulator.amazonses.com']);
    expect(many.body.data.cc).toEqual(['success+cc@simulator.amazonses.com']);
    const bad = await spec('POST', '/api/send-mail', {
      to: 'not-an-address, success@simulator.amazonses.com',
      subject: 'x',
      email_body: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields.to).toMatch(/Not valid email/);
  });

  it("takes the workload's department, program type and program by name, and refuses an unknown name naming the field", async () => {
    const body = {
      department: 'cse',
      program_type: programTypeName,
      program: program.title.toUpperCase(),
      program_category: 'UG',
      workload_distribution: '1 - semester',
      academic_year: '2025-26',
      type_of_work: 'theory teaching',
      workload_percent: 40,
    };
    const res = await spec('POST', '/api/faculty-workload', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      department: dept.id,
      program: program.id,
      program_type: program.program_type,
      workload_distribution: '1 - Semester',
      type_of_work: 'Theory teaching',
    });
    const unknown = await spec('POST', '/api/faculty-workload', { ...body, program: 'No Such Program' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.fields).toEqual({ program: 'Not found' });
  });

  it("matches a course's type in any letter case and stores the canonical spelling", async () => {
    const courses = (await spec('GET', `/api/Course-Curriculum?curriculum=${curriculum.id}&limit=1`)).body.data;
    const course = courses[0];
    const res = await spec('PUT', `/api/Course-Curriculum/${course.id}`, { ...course, type: 'Core' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.type).toBe('core');
    const bad = await spec('PUT', `/api/Course-Curriculum/${course.id}`, { ...res.body.data, type: 'Mandatory' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields.type).toBeDefined();
  });
});

/**
 * Spec part 1 §7's route table, each path with fields of the form (§3) whose screen (§2) calls it. `/api/course` is
 * the Configuration > Course type screen's path: the table lists no other for it, and its courses are
 * `/api/Course-Curriculum` (decision 0029).
 */
const SPEC_PATHS: Readonly<Record<string, readonly string[]>> = {
  '/api/organization': ['name', 'society_name', 'description', 'mission', 'vision'],
  '/api/department': ['name', 'short_name', 'year_of_establishment', 'no_of_magazines', 'professional_bodies', 'faculty', 'status'],
  '/api/program-type': ['name', 'description'],
  '/api/program-mode': ['name', 'description'],
  '/api/program': ['specialization', 'number_of_terms', 'title', 'topic_unit_upto', 'nba_sar_type', 'program_type', 'department'],
  '/api/course': ['component_name', 'type', 'open_elective', 'description'],
  '/api/program-outcome': ['type', 'description'],
  '/api/bloom-domain': ['name', 'acronym', 'description'],
  '/api/bloom-level': ['name', 'level_of_learning', 'characteristics_of_learning', 'action_verb', 'domain'],
  '/api/delivery-method': ['name', 'guidelines', 'bloom_level'],
  '/api/lab-category': ['name', 'description'],
  '/api/maplevel-weightage': ['name', 'acronym', 'status', 'weightage'],
  '/api/questionbank': ['topic', 'course', 'bloom_level', 'difficulty_level', 'question_type', 'questions'],
  '/api/Course-Curriculum': ['curriculum', 'term', 'type_of_course', 'code', 'title', 'reviewer_department', 'ese_duration'],
  '/api/Course-Outcome': ['code', 'statement', 'cognitive_domain', 'delivery_method', 'course'],
  '/api/term': ['name'],
  '/api/curriculum': ['name'],
  '/api/Topic': ['code', 'title', 'content', 'hours', 'unit', 'delivery_method', 'course'],
  '/api/lab_experiment': ['exp_no', 'experiment_detail', 'no_of_session', 'marks', 'planned_date_delivary'],
};

describe("the spec's route table against its forms", () => {
  it('every path of spec part 1 §7 answers the entity whose form has the fields the spec gives it', async () => {
    const wrong: string[] = [];
    for (const [path, fields] of Object.entries(SPEC_PATHS)) {
      const served = CRUD_ENTITIES.filter((e) => e.path === path || (e.aliases ?? []).includes(path));
      const names = new Set(served[0]?.fields.map((fd) => fd.name));
      const missing = fields.filter((f) => !names.has(f));
      if (served.length !== 1 || missing.length) wrong.push(`${path} (${served.map((e) => e.name).join(', ')}): ${missing.join(', ')}`);
      const list = await spec('GET', path);
      expect(list.status, path).toBe(200);
      expect(Array.isArray(list.body.data), path).toBe(true);
    }
    expect(wrong).toEqual([]);
  });

  it("creates, reads, replaces and deletes a course type at /api/course with the Course type form's body", async () => {
    const form = {
      component_name: 'Core',
      type: `Wire Course Type ${tag}`,
      open_elective: false,
      description: 'Sent as spec part 1 writes it',
    };
    const made = await spec('POST', '/api/course', form);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe('successfully created');
    expect(made.body.data).toMatchObject(form);
    const id = made.body.data.id as string;
    // The same record at both paths: a course type, not a course.
    const read = await spec('GET', `/api/course/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject(form);
    expect(read.body.data).not.toHaveProperty('curriculum');
    expect((await spec('GET', `/api/course-type/${id}`)).body.data).toMatchObject(form);
    const listed = (await spec('GET', '/api/course')).body.data as { id: string }[];
    expect(listed.find((r) => r.id === id)).toMatchObject(form);
    const replaced = await spec('PUT', `/api/course/${id}`, { ...read.body.data, open_elective: true });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect((await spec('GET', `/api/course-type/${id}`)).body.data.open_elective).toBe(true);
    expect((await spec('DELETE', `/api/course/${id}`)).status).toBe(200);
    expect((await spec('GET', `/api/course-type/${id}`)).status).toBe(404);
    // The courses stay at the spec's /api/Course-Curriculum.
    const courses = (await spec('GET', `/api/Course-Curriculum?curriculum=${curriculum.id}&limit=1`)).body.data;
    expect(courses[0]).toHaveProperty('curriculum', curriculum.id);
  });
});
