import {
  type CampusScope,
  type RecordOf,
  type RosterSyncResult,
  curriculum,
  rosterSyncRoute,
  student,
  todayInIndia,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { listAll } from '../../platform/store/list-all.js';
import { createRecords, getRecord, writeRecordsTogether } from '../../platform/store/records.js';
import { cleanBody } from '../../platform/http/crud-router.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * Records replaced per transaction: each is at most 4 of its 100 items (its update, its roll-number guard claimed and
 * the old one released, its audit entry).
 */
const REPLACES_PER_WRITE = 24;

type Student = RecordOf<typeof student>;
/** The fields a roster sync keeps for a student. */
interface Wanted {
  curriculum: string;
  section: string;
  roll_no: string;
  name: string;
  email?: string;
}

const sameRoll = (roll: string) => roll.trim().toLowerCase();

/**
 * Each listed student checked with the `student` record type's rules, and no roll number listed twice.
 * @throws HttpError 400 naming each refused row's field (`students.<n>.<field>`); nothing is written
 */
function checkRows(
  curriculumId: string,
  section: string,
  rows: readonly { roll_no: string; name: string; email?: string | null }[],
): Wanted[] {
  const fields: Record<string, string> = {};
  const seen = new Map<string, number>();
  const wanted = rows.map((r, n): Wanted => {
    const data: Wanted = { curriculum: curriculumId, section, roll_no: r.roll_no, name: r.name, ...(r.email ? { email: r.email } : {}) };
    try {
      cleanBody(student, data, 'create');
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      for (const [f, m] of Object.entries(e.fields ?? { roll_no: e.detail })) fields[`students.${n}.${f}`] = m;
    }
    const first = seen.get(sameRoll(r.roll_no));
    if (first !== undefined) fields[`students.${n}.roll_no`] = `Listed twice (also student ${first + 1})`;
    else seen.set(sameRoll(r.roll_no), n);
    return data;
  });
  if (Object.keys(fields).length) throw new HttpError(400, 'Please correct the roster: nothing was changed', fields);
  return wanted;
}

/** Whether a stored student already is what the sync wants (in the section, same name and e-mail, not marked left). */
const unchanged = (s: Student, w: Wanted) =>
  s.section === w.section && s.name === w.name && (s.email ?? '') === (w.email ?? '') && !s.left_on;

/**
 * Makes a section's roster the list (`rosterSyncRoute`): adds new students, changes names, e-mails and sections,
 * marks those of the section not listed as left today (`left_on`), and brings back one listed again. The same list
 * twice writes nothing the second time. Every change is the store's (audited as the caller: an API key's is its own).
 * @throws HttpError 404 for an unknown curriculum; 400 for a refused row (nothing written); 409 when a student was
 *   changed meanwhile (what was written before stays; the same list again finishes it)
 */
export async function syncRoster(
  scope: CampusScope,
  curriculumId: string,
  section: string,
  rows: Parameters<typeof checkRows>[2],
): Promise<RosterSyncResult> {
  await getRecord(scope, curriculum, curriculumId);
  const wanted = checkRows(curriculumId, section, rows);
  const stored = await listAll(scope, student, { curriculum: curriculumId });
  const byRoll = new Map(stored.map((s) => [sameRoll(s.roll_no), s]));
  const result: RosterSyncResult = { added: [], changed: [], unchanged: [], left: [], returned: [], written: false };
  const creates: Wanted[] = [];
  const replaces: { old: Student; data: Record<string, unknown> }[] = [];
  const listed = new Set<string>();
  for (const w of wanted) {
    const s = byRoll.get(sameRoll(w.roll_no));
    listed.add(sameRoll(w.roll_no));
    if (!s) {
      creates.push(w);
      result.added.push(w.roll_no);
    } else if (unchanged(s, w)) result.unchanged.push(w.roll_no);
    else {
      // A roll number is one whatever its case: the stored spelling stays (its guard and the marks files that name it).
      replaces.push({ old: s, data: { ...w, roll_no: s.roll_no, left_on: undefined } });
      (s.left_on ? result.returned : result.changed).push(w.roll_no);
    }
  }
  const today = todayInIndia();
  for (const s of stored) {
    if (s.section !== section || s.left_on || listed.has(sameRoll(s.roll_no))) continue;
    const { curriculum: c, roll_no, name, email } = s;
    replaces.push({ old: s, data: { curriculum: c, section, roll_no, name, email, left_on: today } });
    result.left.push(s.roll_no);
  }
  if (creates.length) await createRecords(scope, student, creates);
  for (let i = 0; i < replaces.length; i += REPLACES_PER_WRITE)
    await writeRecordsTogether(scope, student, { replace: replaces.slice(i, i + REPLACES_PER_WRITE), remove: [] });
  result.written = creates.length + replaces.length > 0;
  return result;
}

/** `PUT /api/roster`: a campus admin's or an API key's roster sync. */
export const rosterSyncEndpoint: Endpoint = endpoint(rosterSyncRoute, async (c, { query, body }) =>
  syncRoster(c.var.scope, query.curriculum, query.section, body.students),
);
