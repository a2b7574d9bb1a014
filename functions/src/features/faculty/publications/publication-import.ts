import { type CampusScope, OWNER_FIELD, type PublicationImportResult, researchPublication } from '@attain/shared-types';
import pLimit from 'p-limit';
import { listAll } from '../../../platform/store/list-all.js';
import { createRecords, replaceRecord } from '../../../platform/store/records.js';
import { readCitationFile } from './citation-file.js';
import type { PublicationLevel } from './publication-fields.js';
import { type PlannedEntry, countStatuses, planPublicationImport } from './publication-import-plan.js';

/** What an import is asked to do: whose publications, the level of new ones, and whether to write. */
export interface PublicationImportRequest {
  /** The owner's user id (profile id): the records matched against and written to. */
  owner: string;
  level: PublicationLevel;
  /** Only preview: nothing is written. */
  dryRun: boolean;
}

/** A planned entry as answered: without the fields and version kept for writing. */
const shown = ({ data: _data, version: _version, ...entry }: PlannedEntry) => entry;

/**
 * Loads a BibTeX or RIS file (`text`) into the research publications of `req.owner` in the scope's campus: reads it
 * (`readCitationFile`), lists the owner's publications (one Query on the owner index, all pages), plans every entry
 * (`planPublicationImport`) and, unless `dryRun`, writes the plan: updated records first, each replaced at the
 * version just read (a concurrent change is a 409), then the new ones in batches (`createRecords`), owned by
 * `req.owner` with `created_by` the scope's actor. Unchanged and skipped entries are not written. The writes are not
 * one transaction: after a 409 the file can be imported again, and what was written then reads as unchanged.
 * @returns the entries in file order (new ones with their created id) and the counts
 * @throws HttpError 400 for a file that cannot be read, 409 when a matched record changed meanwhile, 403 for a
 * read-only scope
 */
export async function importPublications(
  scope: CampusScope,
  text: string,
  req: PublicationImportRequest,
): Promise<PublicationImportResult> {
  const file = readCitationFile(text);
  const stored = await listAll(scope, researchPublication, { [OWNER_FIELD]: req.owner });
  const plan = planPublicationImport(file.entries, stored, req.level);
  if (!req.dryRun) {
    // Eight replaces at a time.
    const limit = pLimit(8);
    await Promise.all(
      plan
        .filter((p) => p.status === 'updated')
        .map((p) =>
          limit(() =>
            replaceRecord(scope, researchPublication, p.id as string, p.version as number, { ...p.data, [OWNER_FIELD]: req.owner }),
          ),
        ),
    );
    const fresh = plan.filter((p) => p.status === 'new');
    const created = await createRecords(
      scope,
      researchPublication,
      fresh.map((p) => ({ ...p.data, [OWNER_FIELD]: req.owner })),
    );
    fresh.forEach((p, i) => (p.id = created[i].id));
  }
  const entries = plan.map(shown);
  return { format: file.format, dry_run: req.dryRun, faculty: req.owner, entries, counts: countStatuses(entries) };
}
