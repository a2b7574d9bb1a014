import { CRUD_ENTITIES, type EntityDef } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { fixtures } from '../support/fixtures.js';

/**
 * Issue 10: for every record path of the registry (and every document and attainment path), another campus's admin
 * and faculty member get 404 (or 403) and never the demo campus's data; the demo campus's own faculty member may read
 * the structure but is refused writes to records that only admins write.
 */
const base = inject('stackUrl');
const users = inject('users');
type Api = ReturnType<typeof client>;
let demo: Api;
let otherAdmin: Api;
let otherFaculty: Api;
let demoFaculty: Api;
/** Issue 16: group H's administrator reading its own campus, and naming the demo campus (group G's). */
let otherGroupOwn: Api;
let otherGroupToDemo: Api;
/** Group G's administrator naming group H's campus. */
let groupToOther: Api;
/** One demo-campus record per entity (made when the demo has none). */
const demoRecord = new Map<string, Record<string, any>>();

const PATHS = CRUD_ENTITIES.flatMap((e) => [e.path, ...(e.aliases ?? [])].map((path) => ({ path, entity: e })));
const ADMIN_ONLY = (e: EntityDef) => !e.writeRoles.includes('faculty') && !e.ownedVia;

beforeAll(async () => {
  demo = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
  otherAdmin = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
  demoFaculty = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
  const otherGroup = await login(base, users.otherGroupAdmin.email, users.otherGroupAdmin.password);
  otherGroupOwn = client(base, otherGroup, 'other');
  otherGroupToDemo = client(base, otherGroup, 'demo');
  groupToOther = client(base, await login(base, users.groupAdmin.email, users.groupAdmin.password), 'other');
  const email = `faculty-${Date.now()}@other-campus.example`;
  const made = await otherAdmin.post('/api/auth/user-list', {
    email,
    role: 'faculty',
    password: 'Other-Faculty-1!',
    first_name: 'Other',
    last_name: 'Faculty',
  });
  expect(made.status).toBe(201);
  otherFaculty = client(base, await login(base, email, 'Other-Faculty-1!'));
  const build = fixtures(demo);
  for (const e of CRUD_ENTITIES) {
    let rec = (await demo.get(`${e.path}?limit=1`)).body.data?.[0];
    if (!rec && !e.singleton && e.name !== 'term') {
      const res = await demo.post(e.path, await build.body(e));
      expect(res.status, `${e.name}: ${JSON.stringify(res.body)}`).toBe(201);
      rec = res.body.data;
    }
    if (rec) demoRecord.set(e.name, rec);
  }
});

describe.each(PATHS)('$path', ({ path, entity }) => {
  it("another campus's admin and faculty, and another group's administrator, get 404 or 403 and never the record", async () => {
    const rec = demoRecord.get(entity.name);
    expect(rec, `the demo campus has a ${entity.name}`).toBeDefined();
    for (const api of [otherAdmin, otherFaculty, otherGroupOwn, otherGroupToDemo]) {
      const one = await api.get(`${path}/${rec!.id}`);
      expect(one.status).toBe(404);
      expect(JSON.stringify(one.body)).not.toContain(rec!.id);
      expect([403, 404]).toContain((await api.put(`${path}/${rec!.id}`, rec)).status);
      expect([403, 404]).toContain((await api.del(`${path}/${rec!.id}`)).status);
      const byIds = await api.get(`${path}?ids=${rec!.id}`);
      expect(byIds.body.data ?? []).toEqual([]);
      // Never the record itself (its id may appear as text in a record of that campus: other tests send ids as names).
      const list = await api.get(`${path}?limit=1000`);
      expect((list.body.data ?? []).map((r: { id: string }) => r.id)).not.toContain(rec!.id);
      expect(
        list.body.data?.find((r: { version?: number; created_by?: string }) => r.created_by === users.demoAdmin.email),
      ).toBeUndefined();
    }
    // Still there, unchanged, for its own campus.
    expect((await demo.get(`${path}/${rec!.id}`)).body.data.version).toBe(rec!.version);
  });
});

describe.each(PATHS.filter(({ entity }) => ADMIN_ONLY(entity) && !entity.singleton))('$path', ({ path, entity }) => {
  it("this campus's faculty may read it but not change it", async () => {
    const rec = demoRecord.get(entity.name)!;
    expect((await demoFaculty.get(`${path}/${rec.id}`)).status).toBe(200);
    expect((await demoFaculty.put(`${path}/${rec.id}`, rec)).status).toBe(403);
    expect((await demoFaculty.del(`${path}/${rec.id}`)).status).toBe(403);
    expect((await demo.get(`${path}/${rec.id}`)).body.data.version).toBe(rec.version);
  });
});

describe('a group administrator naming a campus outside its group', () => {
  it('gets 404 on every record path, exactly as for a missing campus', async () => {
    for (const { path } of PATHS) {
      const res = await groupToOther.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.data, path).toBeUndefined();
    }
  });
});

describe("documents and results of another campus's courses and occasions", () => {
  it('answer 404 to another campus, for reading and for writing', async () => {
    const course = demoRecord.get('course-curriculum')!;
    const occ = demoRecord.get('occasion')!;
    const program = demoRecord.get('program')!;
    for (const api of [otherAdmin, otherFaculty, otherGroupOwn, otherGroupToDemo]) {
      for (const p of [
        `/api/co-po-matrix/${course.id}`,
        `/api/question-paper/${occ.id}`,
        `/api/marks/${occ.id}`,
        `/api/marks/${occ.id}/template`,
        `/api/attainment/course/${course.id}`,
        `/api/attainment/students/${course.id}`,
        `/api/attainment/improvement-plan/${course.id}`,
        `/api/attainment/program/${program.id}`,
      ]) {
        const res = await api.get(p);
        expect(res.status, p).toBe(404);
      }
      // A group administrator reading its own group's campus writes nothing there (403 before anything is read);
      // everyone else finds no such course (404).
      expect((await api.put(`/api/co-po-matrix/${course.id}`, { version: 0, cells: {} })).status).toBe(api === otherGroupOwn ? 403 : 404);
      expect((await api.put(`/api/question-paper/${occ.id}`, { version: 0, questions: [] })).status).not.toBe(200);
    }
  });
});
