import { AUDIT_HISTORY_PATH, AUDIT_PATH, type AuditEntry, CRUD_ENTITIES } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { courseWithOneCo, occasionWithPaper } from '../support/course-setup.js';
import { fixtures } from '../support/fixtures.js';

/**
 * Issue 16, deliverable 5: the audit trail. A replaced record's entry holds the right old and new values, a changed
 * mark and a changed CO-PO cell show in it, the campus list filters by user, record type and date, and nobody edits it
 * or reads another campus's.
 */
const base = inject('stackUrl');
const users = inject('users');
type Api = ReturnType<typeof client>;
let admin: Api;
let faculty: Api;
let otherAdmin: Api;
let token: string;
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const tag = Date.now().toString(36).slice(-6).toUpperCase();
let deptId: string;

const history = async (api: Api, entity: string, id: string) => api.get(`${AUDIT_HISTORY_PATH}/${entity}/${id}`);
const ids = (entries: AuditEntry[]) => entries.map((e) => e.record_id);

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
  faculty = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
  otherAdmin = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
  // A record created, replaced (two fields changed) and deleted by the admin.
  const made = await admin.post('/api/department', { name: `Audit Dept ${tag}`, short_name: `A${tag}` });
  expect(made.status).toBe(201);
  deptId = made.body.data.id;
  const replaced = await admin.put(`/api/department/${deptId}`, {
    ...made.body.data,
    name: `Audit Department ${tag}`,
    short_name: `B${tag}`,
  });
  expect(replaced.status).toBe(200);
  expect((await admin.del(`/api/department/${deptId}`)).status).toBe(200);
});

describe('the audit trail', () => {
  it('keeps a record’s create, replace and delete, newest first, with the changed fields’ old and new values', async () => {
    const res = await history(admin, 'department', deptId);
    expect(res.status).toBe(200);
    const entries: AuditEntry[] = res.body.data;
    expect(entries.map((e) => e.action)).toEqual(['delete', 'replace', 'create']);
    expect(entries.every((e) => e.user === users.demoAdmin.email.toLowerCase() || e.user === users.demoAdmin.email)).toBe(true);
    const replace = entries[1];
    expect(replace.changes).toHaveLength(2);
    expect(replace.changes).toContainEqual(
      expect.objectContaining({ field: 'name', old: `Audit Dept ${tag}`, new: `Audit Department ${tag}` }),
    );
    expect(replace.changes).toContainEqual(expect.objectContaining({ field: 'short_name', old: `A${tag}`, new: `B${tag}` }));
    expect(replace.record_label).toBe(`Audit Department ${tag}`);
    expect(entries[0].changes).toContainEqual(expect.objectContaining({ field: 'name', old: `Audit Department ${tag}` }));
    expect(entries[0].at >= entries[1].at && entries[1].at >= entries[2].at).toBe(true);
  });

  it('lists a changed CO-PO matrix cell and a changed mark with old and new values', async () => {
    const { program, curriculum, course, co, bloom } = await courseWithOneCo(admin, `Audit ${tag}`, `AU${tag}`);
    expect((await admin.post('/api/generic-program-outcome/setup', { program: program.id, framework: 'nba_12_po' })).status).toBe(201);
    const outcomes: { id: string; po_reference: string }[] = (await admin.get(`/api/co-po-matrix/${course.id}`)).body.data.outcomes;
    const po = outcomes[0].id;
    expect((await admin.put(`/api/co-po-matrix/${course.id}`, { version: 0, cells: { [co.id]: { [po]: 2 } } })).status).toBe(200);
    expect((await admin.put(`/api/co-po-matrix/${course.id}`, { version: 1, cells: { [co.id]: { [po]: 3 } } })).status).toBe(200);
    const matrix: AuditEntry[] = (await history(admin, 'co-po-matrix', course.id)).body.data;
    expect(matrix.map((e) => e.action)).toEqual(['replace', 'create']);
    // The cell is named as a person reads it: the CO's code and the PO's reference.
    expect(matrix[0].changes).toEqual([
      { field: `cells.${co.id}.${po}`, label: `${co.code} → ${outcomes[0].po_reference}`, old: 2, new: 3 },
    ]);

    const roster = await fetch(`${base}/api/import/students?curriculum=${curriculum.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: `roll_no,name,section\nAU${tag}1,One,A\nAU${tag}2,Two,A\n`,
    });
    expect(roster.status).toBe(200);
    const occ = await occasionWithPaper(admin, { course: course.id, co: co.id, bloom }, 'ISE audit', 2, 10);
    const sheet = (await admin.get(`/api/marks/${occ.id}`)).body.data;
    const [one, two] = sheet.students as { id: string; roll_no: string }[];
    const first = await admin.put(`/api/marks/${occ.id}`, {
      version: sheet.version,
      rows: [
        { student: one.id, marks: { '1': 5, '2': 6 } },
        { student: two.id, marks: { '1': 4, '2': 4 } },
      ],
    });
    expect(first.status).toBe(200);
    const second = await admin.put(`/api/marks/${occ.id}`, {
      version: first.body.data.version,
      rows: [
        { student: one.id, marks: { '1': 5, '2': 8 } },
        { student: two.id, marks: { '1': 4, '2': 4 } },
      ],
    });
    expect(second.status).toBe(200);
    const marks: AuditEntry[] = (await history(admin, 'marks', occ.id)).body.data;
    expect(marks).toHaveLength(2);
    expect(marks[0].changes).toEqual([{ field: `${one.roll_no} 2`, label: `${one.roll_no} question 2`, old: 6, new: 8 }]);
    expect(marks[1].changes).toContainEqual({ field: `${two.roll_no} 1`, label: `${two.roll_no} question 1`, new: 4 });
  });

  it('filters the campus list by user, record type and date', async () => {
    const list = async (q: string) => {
      const res = await admin.get(`${AUDIT_PATH}?limit=200&${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as AuditEntry[];
    };
    expect(ids(await list(`entity=department&from=${today()}&to=${today()}`))).toContain(deptId);
    expect(ids(await list(`user=${encodeURIComponent(users.demoAdmin.email)}&entity=department`))).toContain(deptId);
    expect(ids(await list(`user=${encodeURIComponent(users.demoFaculty.email)}`))).not.toContain(deptId);
    const marksOnly = await list('entity=marks');
    expect(marksOnly.length).toBeGreaterThan(0);
    expect(marksOnly.every((e) => e.entity === 'marks')).toBe(true);
    expect(ids(await list(`entity=department&to=${yesterday()}`))).not.toContain(deptId);
    const page = await admin.get(`${AUDIT_PATH}?limit=1&entity=department`);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.next).toBeTruthy();
    const more = await admin.get(`${AUDIT_PATH}?limit=1&entity=department&cursor=${page.body.next}`);
    expect(more.body.data[0].id).not.toBe(page.body.data[0].id);
    const bad = await admin.get(`${AUDIT_PATH}?from=05/01/2026`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields).toMatchObject({ from: expect.any(String) });
  });

  it('is read only, for admins, and for this campus only', async () => {
    expect((await faculty.get(AUDIT_PATH)).status).toBe(403);
    expect((await history(otherAdmin, 'department', deptId)).status).toBe(404);
    expect(ids((await otherAdmin.get(`${AUDIT_PATH}?entity=department&limit=200`)).body.data)).not.toContain(deptId);
    expect((await history(faculty, 'department', deptId)).status).toBe(404);
    for (const res of [
      await admin.put(`${AUDIT_HISTORY_PATH}/department/${deptId}`, { changes: [] }),
      await admin.del(`${AUDIT_HISTORY_PATH}/department/${deptId}`),
      await admin.post(AUDIT_PATH, { action: 'create' }),
      await admin.del(AUDIT_PATH),
    ])
      expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await history(admin, 'department', deptId)).body.data).toHaveLength(3);
  });
});

describe('every record route leaves its entry', () => {
  it("creating, replacing and deleting a record of every type is in that record's history", async () => {
    const build = fixtures(admin);
    const missing: string[] = [];
    for (const def of CRUD_ENTITIES.filter((e) => !e.singleton && e.name !== 'term')) {
      const made = await admin.post(def.path, await build.body(def));
      expect(made.status, `${def.name}: ${JSON.stringify(made.body)}`).toBe(201);
      const rec = made.body.data;
      const replaced = await admin.put(`${def.path}/${rec.id}`, rec);
      expect(replaced.status, `${def.name} replace: ${JSON.stringify(replaced.body)}`).toBe(200);
      const gone = await admin.del(`${def.path}/${rec.id}`);
      const actions = ((await history(admin, def.name, rec.id)).body.data ?? []).map((e: AuditEntry) => e.action);
      const want = gone.status === 200 ? ['delete', 'replace', 'create'] : ['replace', 'create'];
      if (JSON.stringify(actions) !== JSON.stringify(want)) missing.push(`${def.name}: ${actions.join(', ') || 'none'}`);
    }
    expect(missing).toEqual([]);
  });
});
