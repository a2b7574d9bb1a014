import {
  type CampusScope,
  type FrozenInput,
  type FrozenSnapshot,
  type FrozenYear,
  approvalDate,
  isAcademicYear,
  occasion,
  occasionYear,
  program as programEntity,
  survey as surveyEntity,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { appendAudit } from '../../platform/store/audit-store.js';
import { HttpError } from '../../platform/lib/errors.js';
import { getDocuments } from '../../platform/store/documents.js';
import { getRecord, queryByField } from '../../platform/store/records.js';
import { storedProgramAttainment } from './attainment-service.js';
import { frozenYearView, getFrozenYear, putFrozenYear, unfreezeYear } from '../course-inputs/index.js';
import { surveyStatus } from '../survey/index.js';

/** The audit trail's name of an approval: `<program>#<academic year>`. */
const recordId = (program: string, year: string) => `${program}#${year}`;

/**
 * Approves a program's attainment for an academic year (admins; the route checks the role): the program's stored
 * results are brought up to date (stale courses computed again, as the Program attainment page does), and that
 * year's `ProgramAttainment` is kept with the method version and the versions of its inputs: each of that year's
 * occasions' marks sheet and question paper, each course's CO-PO matrix (version 0 when it has none) and the method
 * (id `defaults`, version 0, when the program never saved one). Writes a `freeze` audit entry.
 * A year is approved only once every survey of it (course-exit and PO/PSO) has closed: online answers and invitations
 * arrive only while a survey is open or scheduled, and a frozen year's survey dates cannot change, so the answers a
 * frozen figure counts are then fixed (docs/frozen-years.md).
 * DynamoDB: the program read (3 calls when current), one Query of the program's surveys, one Query of occasions per
 * course, BatchGetItem of the documents, one GetItem and one PutItem of the approval, one PutItem of the audit entry.
 * @param year an academic year (`2025-26`)
 * @returns the approval as the API answers it
 * @throws HttpError 400 for a malformed year; 404 for an unknown program or a year without results; 409 when the year
 *   is already frozen (naming who approved it and when), a survey of the year is still open or scheduled (naming it
 *   and its last day), or courses' results are being computed again (naming them)
 */
export async function approveYear(scope: CampusScope, programId: string, year: string): Promise<FrozenYear> {
  if (!isAcademicYear(year)) throw new HttpError(400, 'The academic year looks like 2025-26', { academic_year: 'Write it as 2025-26' });
  const prog = await getRecord(scope, programEntity, programId);
  const previous = await getFrozenYear(scope, prog.id, year);
  if (previous?.status === 'Frozen')
    throw new HttpError(
      409,
      `${year} of ${prog.title} is already approved (by ${previous.approved_by} on ${approvalDate(previous.approved_at)})`,
    );
  const waiting = (await queryByField(scope, surveyEntity, 'program', prog.id)).filter(
    (s) => s.academic_year === year && surveyStatus(s) !== 'Closed',
  );
  if (waiting.length)
    throw new HttpError(
      409,
      `${year} of ${prog.title} cannot be approved while its surveys take answers: ${waiting
        .map((s) => `"${s.name}" (${surveyStatus(s).toLowerCase()}, until ${approvalDate(s.end_date)})`)
        .join(', ')}. Approve the year once they have closed.`,
    );
  const stored = await storedProgramAttainment(scope, prog.id);
  // A course still updating (a method change or an input computed in the background) would be frozen with its previous
  // figures.
  if (stored.updating.length)
    throw new HttpError(
      409,
      `${year} of ${prog.title} cannot be approved while the results of ${stored.updating.join(', ')} are being computed ` +
        'again after a change. Approve it once the program page no longer says "Updating".',
    );
  const attainment = stored.years.find((y) => y.academic_year === year);
  if (!attainment) throw new HttpError(404, `${prog.title} has no attainment results for ${year}: nothing to approve`);
  const courses = [...new Set(attainment.courses.map((c) => c.course))];
  const limit = pLimit(8);
  const occasions = (await Promise.all(courses.map((c) => limit(() => queryByField(scope, occasion, 'course', c)))))
    .flat()
    .filter((o) => occasionYear(o) === year);
  const ids = occasions.map((o) => o.id);
  const [sheets, papers, matrices] = await Promise.all([
    getDocuments(scope, 'marks-sheet', ids),
    getDocuments(scope, 'question-paper', ids),
    getDocuments(scope, 'co-po-matrix', courses),
  ]);
  const inputs: FrozenInput[] = [
    { kind: 'attainment-method', id: stored.method.id ?? 'defaults', version: stored.method.version },
    ...courses.map((id) => ({ kind: 'co-po-matrix' as const, id, version: matrices.get(id)?.version ?? 0 })),
    ...ids.map((id) => ({ kind: 'question-paper' as const, id, version: papers.get(id)?.version ?? 0 })),
    ...ids.map((id) => ({ kind: 'marks-sheet' as const, id, version: sheets.get(id)?.version ?? 0 })),
  ];
  const snapshot: FrozenSnapshot = {
    program: prog.id,
    academic_year: year,
    status: 'Frozen',
    approved_by: scope.actor,
    approved_at: new Date().toISOString(),
    method_version: stored.method.version,
    inputs,
    version: (previous?.version ?? 0) + 1,
    attainment,
  };
  await putFrozenYear(scope, snapshot, previous);
  await appendAudit(scope, {
    action: 'freeze',
    entity: 'attainment-freeze',
    record_id: recordId(prog.id, year),
    record_label: `${prog.title} ${year}`,
    changes: [
      { field: 'status', label: 'Status', old: previous?.status, new: 'Frozen' },
      { field: 'method_version', label: 'Method version', new: snapshot.method_version },
      { field: 'inputs', label: 'Inputs', new: inputs.length },
    ],
  });
  return frozenYearView(snapshot);
}

/**
 * Unfreezes an approved year (admins; the route checks the role and the reason's length) and writes an `unfreeze`
 * audit entry with the reason. The snapshot stays (status `Unfrozen`) until the year is approved again.
 * @throws HttpError 404 for an unknown program or a year never approved; 409 for a stale version or a year not frozen
 */
export async function unfreezeApproval(
  scope: CampusScope,
  programId: string,
  year: string,
  version: number,
  reason: string,
): Promise<FrozenYear> {
  const prog = await getRecord(scope, programEntity, programId);
  const current = await getFrozenYear(scope, prog.id, year);
  if (!current) throw new HttpError(404, `${year} of ${prog.title} was never approved`);
  const after = await unfreezeYear(scope, prog.id, year, version, reason);
  await appendAudit(scope, {
    action: 'unfreeze',
    entity: 'attainment-freeze',
    record_id: recordId(prog.id, year),
    record_label: `${prog.title} ${year}`,
    changes: [{ field: 'status', label: 'Status', old: 'Frozen', new: 'Unfrozen' }],
    reason,
  });
  return frozenYearView(after);
}
