import {
  type CampusScope,
  type DataOf,
  STAKEHOLDER_COLUMNS,
  STAKEHOLDER_GROUPS,
  type StakeholderImportResult,
  choiceLabel,
  stakeholder,
  validateBody,
  textOf,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { HttpError } from '../../platform/lib/errors.js';
import { curriculumContext } from '../curriculum/index.js';
import { parseCsv, refuseIfAny, rowErrorsOf } from '../../platform/lib/csv-table.js';
import { listAll } from '../../platform/store/list-all.js';
import { createRecords, replaceRecord } from '../../platform/store/records.js';

/** A group as written in a file: the spec's value or its label, any case (`alumni`, `Employer or Industry`). */
function groupOf(text: string): string | undefined {
  const k = text.trim().toLowerCase();
  return STAKEHOLDER_GROUPS.find((g) => g.toLowerCase() === k || choiceLabel({}, g).toLowerCase() === k);
}

/**
 * Loads stakeholders from CSV (an XLSX is turned into CSV by the browser) into a curriculum: the
 * department and program are the curriculum's. A row whose e-mail is already a stakeholder of the curriculum updates
 * that record; others are created. Every row is checked first with the entity's own rules (`validateBody`: the
 * spec's messages) and a repeated e-mail is refused; any problem refuses the whole file and writes nothing.
 * @returns rows read, created, updated
 * @throws HttpError 400 (row errors, no curriculum), 404 (curriculum not the campus's)
 */
export async function importStakeholders(
  scope: CampusScope,
  curriculumId: string | undefined,
  text: string,
): Promise<StakeholderImportResult> {
  const ctx = await curriculumContext(scope, curriculumId);
  if (!ctx.program.department)
    throw new HttpError(400, `The program ${ctx.program.title} has no department; set it in Configuration > Program first`, {
      curriculum: 'No department',
    });
  const { rows, errors } = parseCsv(text, ['group']);
  const planned: { row: number; data: DataOf<typeof stakeholder> }[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const group = groupOf(r.cells.group ?? '');
    const body = {
      department: ctx.program.department,
      program: ctx.program.id,
      curriculum: ctx.curriculum.id,
      group: group ?? r.cells.group ?? '',
      ...Object.fromEntries(STAKEHOLDER_COLUMNS.filter((c) => c !== 'group').map((c) => [c, r.cells[c] ?? ''])),
    };
    const v = validateBody(stakeholder, body, 'create');
    if (!v.ok) {
      errors.push(...rowErrorsOf(r.row, v));
      continue;
    }
    const email = textOf(v.data.email).toLowerCase();
    if (email && seen.has(email)) {
      errors.push({ row: r.row, field: 'email', message: `${email} is already on row ${seen.get(email)}` });
      continue;
    }
    if (email) seen.set(email, r.row);
    planned.push({ row: r.row, data: v.data as DataOf<typeof stakeholder> });
  }
  if (!rows.length) errors.push({ row: 2, field: '', message: 'The file has no stakeholder rows' });
  refuseIfAny(errors);
  const existing = new Map(
    (await listAll(scope, stakeholder, { curriculum: ctx.curriculum.id }))
      .filter((s) => s.email)
      .map((s) => [(s.email ?? '').toLowerCase(), s]),
  );
  const known = planned.filter((p) => p.data.email && existing.has(p.data.email.toLowerCase()));
  const fresh = planned.filter((p) => !known.includes(p));
  await createRecords(
    scope,
    stakeholder,
    fresh.map((p) => p.data),
  );
  const limit = pLimit(16);
  await Promise.all(
    known.map((p) =>
      limit(async () => {
        const old = existing.get((p.data.email ?? '').toLowerCase())!;
        await replaceRecord(scope, stakeholder, old.id, old.version, p.data);
      }),
    ),
  );
  return { rows: rows.length, created: fresh.length, updated: known.length };
}
