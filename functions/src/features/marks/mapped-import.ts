import {
  type CampusScope,
  type MappedMarksBody,
  type MappedMarksResult,
  type MarksMappingView,
  mapForeignMarks,
  mappingProblems,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { getDocument, overwriteDocument } from '../../platform/store/documents.js';
import { applyMarks } from './marks-import.js';
import { type OccasionSheet, rosterEmails } from './occasion-sheet.js';

/**
 * Imports marks from a file another system wrote (issue 44 item 1; docs/decisions/0061): the file's rows are turned
 * into the template's layout by the mapping (`mapForeignMarks`) and checked and stored by the template's own rules
 * (`applyMarks`: all or nothing, a row with no marks leaves the student's stored marks as they were, a question the
 * mapping leaves out keeps its stored marks). A row error names the file's own line. A save keeps the mapping for
 * the occasion's next file (`marks-mapping` document; one more PutItem).
 * @param dryRun check and preview only: nothing written, the mapping not kept
 * @throws HttpError 400 with `errors.fields` (`mapping.<field>`) when the mapping does not fit the file or the paper,
 *   when no row names a student on the roster, or with `errors.rows` for bad marks; 409 as `applyMarks`
 */
export async function importMappedMarks(
  scope: CampusScope,
  sheet: OccasionSheet,
  body: MappedMarksBody,
  dryRun: boolean,
): Promise<MappedMarksResult> {
  const { rows, mapping } = body;
  const problems = mappingProblems(rows, mapping, sheet.questions);
  if (Object.keys(problems).length)
    throw new HttpError(
      400,
      'The column mapping does not fit this file and paper: nothing was saved',
      Object.fromEntries(Object.entries(problems).map(([k, v]) => [`mapping.${k}`, v])),
    );
  const emails = mapping.match === 'email' ? await rosterEmails(scope, sheet.occasion) : new Map<string, string>();
  const roster = sheet.roster.map((s) => ({ ...s, email: emails.get(s.roll_no) }));
  const mapped = mapForeignMarks(rows, mapping, sheet.questions, roster);
  if (mapped.table.length < 2)
    throw new HttpError(
      400,
      `Nothing was saved: no row of the file names a student of ${sheet.occasion.name}'s roster (${mapped.unmatched.length} rows matched nobody)`,
      { 'mapping.student_column': `No ${mapping.match === 'email' ? 'e-mail' : 'roll number'} in it is on the roster` },
    );
  let saved;
  try {
    saved = await applyMarks(scope, sheet, mapped.table, { dryRun });
  } catch (e) {
    // The template's rules number the rows of the table it read; the teacher reads the file's own lines.
    if (e instanceof HttpError && e.rows)
      throw new HttpError(
        e.status,
        e.detail,
        e.fields,
        e.rows.map((r) => ({ ...r, row: mapped.lines[r.row - 2] ?? r.row })),
      );
    throw e;
  }
  if (!dryRun) {
    const kept = await getDocument(scope, 'marks-mapping', sheet.occasion.id);
    await overwriteDocument(scope, 'marks-mapping', sheet.occasion.id, { occasion: sheet.occasion.id, mapping }, kept?.version ?? 0);
  }
  return {
    ...saved,
    unmatched: mapped.unmatched,
    scaling: mapped.scaling,
    several_attempts: mapped.several_attempts,
    not_in_file: sheet.roster.length - (mapped.table.length - 1),
  };
}

/** The mapping kept from an occasion's last mapped import (`GET /api/marks/{occasion}/mapping`). One GetItem. */
export async function keptMapping(scope: CampusScope, occasionId: string): Promise<MarksMappingView> {
  const doc = await getDocument(scope, 'marks-mapping', occasionId);
  return doc ? { mapping: doc.mapping, updated_by: doc.updated_by, updated_at: doc.updated_at } : { mapping: null };
}
