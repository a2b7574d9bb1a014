import { randomUUID } from 'node:crypto';
import { type CampusScope, type MarksSaveResult, type RowError, marksCountText, marksCounts, readMarksTable } from '@attain/shared-types';
import { assertCourseYearOpen } from '../course-inputs/index.js';
import { courseInputsChanged, markCourseChanged } from '../course-inputs/index.js';
import { marksChanges } from '../../platform/store/audit-changes.js';
import { appendAudit } from '../../platform/store/audit-store.js';
import { HttpError } from '../../platform/lib/errors.js';
import { type MarksWrite, dropUndo, readMarks, writeMarks, writeUndo } from './marks-store.js';
import { LEASE_MS, abandonSave, claimSheet, completeClaim, renewClaim } from './sheet-claim-store.js';
import type { OccasionSheet } from './occasion-sheet.js';

/** At most this many row errors go back to the scope (the count says how many there were). */
const MAX_ROW_ERRORS = 200;

/** Refuses a table with row errors: 400, `errors.rows`, nothing written. */
export function refuseRows(errors: RowError[]): never {
  throw new HttpError(
    400,
    `Nothing was saved: ${errors.length} problem${errors.length > 1 ? 's' : ''} in the file`,
    undefined,
    errors.slice(0, MAX_ROW_ERRORS),
  );
}

/**
 * Checks a table of marks (template layout) against the occasion's paper and roster and, unless `dryRun`, stores
 * it: students' rows are replaced whole, except that questions the file has no column for keep their stored marks.
 * A row with no marks at all is "no marks entered" (`readMarksTable`), never stored as sat: from a file it leaves
 * that student's stored marks as they were (`unmarked: 'kept'`); from the grid, which shows what is stored, a row
 * emptied there clears them (`unmarked: 'cleared'`).
 * One save at a time, all or nothing: the save claims the sheet at the version it started from (`sheet-claim-store.ts`),
 * logs the rows it will change (`writeUndo`), renews its lease while it writes and completes it at the end; a write that
 * fails is undone at once (`abandonSave`), a save that dies is undone by the next read (`settleSheet`); then one audit
 * entry (entity `marks`, the occasion's id) lists every mark that changed, old and new, and the course's attainment is
 * computed again.
 * @param expectVersion the sheet version the save started from (a grid sends what it read; a file the version read
 *   when its request began; the worker the version read when its job opened)
 * @param saveId names this save in the claim (the job id for the worker; random otherwise)
 * @throws HttpError 400 with row errors, or for a file with no marks in any row (nothing written); 409 when the sheet moved on since `expectVersion`, another
 *   save is under way, or the occasion's academic year is approved (frozen) for the program (nothing written).
 *   Callers check who may write the course first (the routes with `assertOwnsCourse`; the worker runs a job whose
 *   opener was checked)
 */
export async function applyMarks(
  scope: CampusScope,
  sheet: OccasionSheet,
  table: readonly (readonly string[])[],
  opts: {
    dryRun?: boolean;
    /** Students without marks: `kept` as stored (files, the default) or `cleared` (the grid). */
    unmarked?: 'kept' | 'cleared';
    expectVersion?: number;
    saveId?: string;
    onProgress?: (written: number, total: number) => Promise<void> | void;
  } = {},
): Promise<MarksSaveResult> {
  const read = readMarksTable(table, sheet.questions, sheet.roster);
  if (read.errors.length) refuseRows(read.errors);
  const rule = opts.unmarked ?? 'kept';
  const counts = marksCounts(read);
  // The grid clears only students who have stored marks: the count says how many that is.
  if (rule === 'cleared' && read.unmarked.length) {
    const had = new Set((await readMarks(scope, sheet.occasion.id)).map((r) => r.student));
    counts.unmarked = read.unmarked.filter((s) => had.has(s)).length;
  }
  if (!read.rows.length && rule === 'kept')
    throw new HttpError(400, `Nothing was saved: the file has no marks (${marksCountText(counts)})`, {
      file: 'No marks in any row',
    });
  const base = {
    ...counts,
    rows: read.rows.length,
    counts_text: marksCountText(counts, rule),
    notes: read.notes,
    preview: read.rows.slice(0, 20),
  };
  if (opts.dryRun) return { ...base, version: sheet.version };
  // Checked by the save itself, so a large file whose ticket was opened before the year was approved is refused too.
  await assertCourseYearOpen(scope, { course: sheet.course, occasion: sheet.occasion });
  const saveId = opts.saveId ?? randomUUID();
  const ids = { occasion: sheet.occasion.id, course: sheet.course.id };
  const version = await claimSheet(scope, ids, opts.expectVersion ?? sheet.version, saveId, read.rows.length);
  // Stamped before any mark is written: should the save stop half-way, the stored results count as stale.
  await markCourseChanged(scope, sheet.course.id, sheet.course.program);
  let rows: MarksWrite[] = read.rows;
  // The stored marks: kept for questions the file has no column for, and the audit entry's old values.
  const stored = await readMarks(scope, sheet.occasion.id);
  const present = new Set((table[0] ?? []).map((h) => String(h).trim().toLowerCase()));
  if (sheet.questions.some((q) => !present.has(q.number.toLowerCase()))) {
    const old = new Map(stored.map((r) => [r.student, r]));
    rows = read.rows.map((r) => (r.absent ? r : { ...r, marks: { ...(old.get(r.student)?.marks ?? {}), ...r.marks } }));
  }
  // The grid's emptied rows: only students who have a stored row need clearing.
  const storedIds = new Set(stored.map((r) => r.student));
  if (rule === 'cleared')
    rows = [...rows, ...read.unmarked.filter((s) => storedIds.has(s)).map((student) => ({ student, clear: true as const }))];
  // Every row it changes is logged first: should the save die, the next read undoes it (`settleSheet`).
  await writeUndo(
    scope,
    sheet.occasion.id,
    saveId,
    rows.map((r) => r.student),
    stored,
  );
  await renewClaim(scope, sheet.occasion.id, saveId);
  // The claim is renewed at least every third of its lease, before a batch is written: a save that lost it (too slow,
  // undone by a reader) stops before writing more.
  let renewed = Date.now();
  const heartbeat = async () => {
    if (Date.now() - renewed < LEASE_MS / 3) return;
    await renewClaim(scope, sheet.occasion.id, saveId);
    renewed = Date.now();
  };
  let written: Awaited<ReturnType<typeof writeMarks>>;
  try {
    written = await writeMarks(scope, sheet.occasion.id, rows, (n) => opts.onProgress?.(n, rows.length), 8, heartbeat);
    await completeClaim(scope, sheet.occasion.id, saveId);
  } catch (e) {
    // A failed write leaves nothing half-done: what was written is undone at once (unless a reader is undoing it).
    await abandonSave(scope, sheet.occasion.id, saveId);
    throw e;
  }
  await dropUndo(
    scope,
    sheet.occasion.id,
    saveId,
    rows.map((r) => r.student),
  );
  await appendAudit(scope, {
    action: stored.length ? 'replace' : 'create',
    entity: 'marks',
    record_id: sheet.occasion.id,
    record_label: [sheet.course.code, sheet.occasion.name].filter(Boolean).join(' '),
    changes: marksChanges(stored, rows, new Map(sheet.roster.map((s) => [s.id, s.roll_no]))),
  });
  await courseInputsChanged(scope, { course: sheet.course.id, program: sheet.course.program });
  return { ...base, written, version };
}
