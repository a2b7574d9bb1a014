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
