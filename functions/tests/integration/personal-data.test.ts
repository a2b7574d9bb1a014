import JSZip from 'jszip';
import { API_CONTRACTS, CRUD_ENTITIES, REPORTS, profile } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

/**
 * Personal data by purpose (the "Privacy and security" issue, item 1): a colleague and the group administrator
 * reading the campus never receive another person's private profile fields (Aadhaar, birth date, phone, address,
 * pay, remarks, relieving date...) from any GET route, export, report, CV, audit entry or SAR; the campus's admins
 * read them with Aadhaar masked; the person reads their own whole, Aadhaar unmasked.
 */
const base = inject('stackUrl');
const users = inject('users');
type Api = ReturnType<typeof client>;

const stamp = Date.now().toString(36);
const email = `private-${stamp}@attain.example`;
const password = 'Private-Person-1!';
/** The person's private values, each distinctive enough that finding it anywhere means it leaked. */
const PRIVATE = {
  aadhar_number: '9876 5432 1098',
  phone_number: '+91 94470 31337',
  date_of_birth: '1979-02-23',
  present_address: 'Flat 7B, Kanchana Residency, Olavakkode',
  salary_pay: 'Level 13A (Rs 1,31,457)',
  remarks: 'Medical leave granted, confidential',
  relieving_date: '2099-11-30',
  retirement_date: '2039-02-28',
  last_promotion: '2018-07-19',
  employee_no: 'EMP-PRV-4471',
  other_detail: 'Spouse employed at Kanchikode',
};
/** How each value could appear in a response: as stored, as the campus writes dates, digits only. */
const LEAK_FORMS = [
  ...Object.values(PRIVATE),
  '98765432',
  '9876 5432',
  '5432 1098',
  '23/02/1979',
  '30/11/2099',
  '28/02/2039',
  '19/07/2018',
  '9447031337',
  '94470 31337',
];
const PRIVATE_FIELDS = profile.fields.filter((fd) => fd.visibility !== 'directory').map((fd) => fd.name);

let admin: Api;
let person: Api;
let colleague: Api;
let groupAdmin: Api;
let personId = '';
let departmentId = '';
let programId = '';
let groupToken = '';
let colleagueToken = '';

/** The values of `LEAK_FORMS` found in `text`. */
const leaks = (text: string) => LEAK_FORMS.filter((v) => text.includes(v));

/** A GET as raw text (JSON or not), with its status; DOCX bodies are unzipped to their XML. */
async function getText(path: string, token: string, campus?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}`, ...(campus ? { 'x-campus': campus } : {}) },
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('officedocument')) {
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const xml = await Promise.all(Object.values(zip.files).map((f) => (f.dir ? '' : f.async('string'))));
    return { status: res.status, text: xml.join('\n') };
  }
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  admin = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
  colleagueToken = await login(base, users.demoFaculty.email, users.demoFaculty.password);
  colleague = client(base, colleagueToken);
  groupToken = await login(base, users.groupAdmin.email, users.groupAdmin.password);
  groupAdmin = client(base, groupToken, 'demo');
  const depts = await admin.get('/api/department?limit=1000');
  departmentId = depts.body.data.find((d: { short_name: string }) => d.short_name === 'CSE').id;
  const programs = await admin.get('/api/program?limit=1000');
  programId = programs.body.data.find((p: { department?: string }) => p.department === departmentId).id;
  // The admin adds the person with some private fields; the person fills in the rest (both writes are audited).
  const { aadhar_number, present_address, ...byAdmin } = PRIVATE;
  const made = await admin.post('/api/auth/user-list', {
    email,
    role: 'faculty',
    password,
    title: 'Dr.',
    first_name: 'Meera',
    last_name: 'Varier',
    department: departmentId,
    facility_type: 'Teaching',
    designation: ['Associate professor'],
    highest_qualification: 'Phd',
    date_of_joining: '2012-06-04',
    research_interest: 'Wireless sensor networks',
    ...byAdmin,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  personId = made.body.data.id;
  person = client(base, await login(base, email, password));
  const own = await person.patch('/api/auth/profile', {
    aadhar_number,
    present_address,
    qualification_detail: [{ degree: 'M.Tech', grade: 'CGPA 9.73 of 10' }],
  });
  expect(own.status, JSON.stringify(own.body)).toBe(200);
});

/** Every GET a reader can make that could carry a person's data, with the person's id and department filled in. */
function readPaths(): string[] {
  const reports = REPORTS.flatMap((r) => (r.api ? [`/api/reports/${r.api}?user=${personId}&department=${departmentId}`] : []));
  const lists = CRUD_ENTITIES.flatMap((e) => [`${e.path}?limit=1000`]);
  const declared = API_CONTRACTS.filter((r) => r.method === 'GET').map((r) => r.path);
  const special = [...new Set(declared)].filter((p) => !p.includes('{'));
  return [
    ...special,
    '/api/auth/user-list',
    '/api/department/user-list?short_name=CSE',
    `/api/faculty-cv?faculty=${personId}&format=docx`,
    `/api/audit?entity=profile`,
    `/api/audit/history/profile/${personId}`,
    ...reports,
    `/api/reports/sar/${programId}?year=2025-26&criteria=3,5&format=json`,
    `/api/reports/sar/${programId}?year=2025-26&criteria=5&format=docx`,
    ...lists,
  ];
}

describe('personal data by purpose', () => {
  it('the person reads their own profile whole, Aadhaar unmasked', async () => {
    const own = await person.get('/api/auth/profile');
    expect(own.body.data).toMatchObject(PRIVATE);
  });

  it("a colleague's user lists hold directory fields only", async () => {
    for (const path of ['/api/auth/user-list', '/api/department/user-list?short_name=CSE']) {
      const res = await colleague.get(path);
      expect(res.status).toBe(200);
      const row = res.body.data.find((u: { id: string }) => u.id === personId);
      expect(row, path).toMatchObject({ first_name: 'Meera', last_name: 'Varier', email, department: departmentId });
      expect(row.research_interest).toBe('Wireless sensor networks');
      for (const name of PRIVATE_FIELDS) expect(row[name], `${path} ${name}`).toBeUndefined();
    }
  });

  it('campus admins read the private fields with Aadhaar masked (XXXX XXXX 1098)', async () => {
    const res = await admin.get('/api/auth/user-list');
    const row = res.body.data.find((u: { id: string }) => u.id === personId);
    const { aadhar_number, ...rest } = PRIVATE;
    expect(row).toMatchObject(rest);
    expect(aadhar_number).not.toBe(row.aadhar_number);
    expect(row.aadhar_number).toBe('XXXX XXXX 1098');
    const cv = await getText(
      `/api/faculty-cv?faculty=${personId}&format=docx`,
      await login(base, users.demoAdmin.email, users.demoAdmin.password),
    );
    expect(cv.status).toBe(200);
    // The CV never prints Aadhaar; it does give admins the member's phone.
    expect(cv.text.includes('9876 5432')).toBe(false);
    expect(cv.text.includes(PRIVATE.phone_number)).toBe(true);
    // The audit trail shows admins the change, masked.
    const audit = await admin.get(`/api/audit/history/profile/${personId}`);
    const text = JSON.stringify(audit.body);
    expect(text).toContain('XXXX XXXX 1098');
    expect(text).not.toContain('9876 5432');
    expect(text).toContain(PRIVATE.present_address);
  });

  it.each([
    ['a colleague (faculty of the same campus)', () => ({ token: colleagueToken, campus: undefined })],
    ['the group administrator reading the campus', () => ({ token: groupToken, campus: 'demo' })],
  ])('%s receives no private value of the person from any GET route', async (_who, reader) => {
    const { token, campus } = reader();
    const found: string[] = [];
    let read = 0;
    for (const path of readPaths()) {
      const res = await getText(path, token, campus);
      expect(res.status, path).toBeLessThan(500);
      if (res.status === 200) read += 1;
      for (const v of leaks(res.text)) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
    // The walk read real pages: the lists, the person's directory entry, the SAR and its faculty list.
    expect(read).toBeGreaterThan(30);
    const sar = await getText(`/api/reports/sar/${programId}?year=2025-26&criteria=5&format=json`, token, campus);
    expect(sar.text).toContain('Varier');
  });

  it("the group administrator reads a member's CV and profile report without their private fields", async () => {
    const cv = await getText(`/api/faculty-cv?faculty=${personId}&format=docx`, groupToken, 'demo');
    expect(cv.status).toBe(200);
    expect(cv.text).toContain('Varier');
    expect(leaks(cv.text)).toEqual([]);
    const rep = await groupAdmin.get(`/api/reports/faculty-profile?user=${personId}`);
    expect(rep.status).toBe(200);
    const labels = JSON.stringify(rep.body);
    expect(labels).toContain('Wireless sensor networks');
    expect(labels).not.toContain('Aadhaar number');
    expect(labels).not.toContain('Pay scale');
  });
});
