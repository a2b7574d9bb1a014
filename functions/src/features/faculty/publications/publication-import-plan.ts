import {
  type EntityRecord,
  type PublicationImportCounts,
  type PublicationImportEntry,
  isWritable,
  researchPublication,
  validateBody,
} from '@attain/shared-types';
import type { CitationEntry } from './citation-entry.js';
import { PUBLICATION_FIELDS, type PublicationLevel, publicationFields } from './publication-fields.js';
import { changedFields, findSame, samePublication } from './publication-match.js';

/** One entry's outcome and, for `new` and `updated`, what to write: the validated fields and the stored version. */
export interface PlannedEntry extends PublicationImportEntry {
  data?: Record<string, unknown>;
  version?: number;
}

/** Per-field messages as one sentence with the fields' labels ("Paper title: Required; Pages: Too Long!"). */
function fieldProblems(fields: Record<string, string>): string {
  const label = (name: string) => PUBLICATION_FIELDS.find((f) => f.name === name)?.label ?? name;
  return Object.entries(fields)
    .map(([k, m]) => `${label(k)}: ${m}`)
    .join('; ');
}

/** How many entries have each status. */
export function countStatuses(entries: readonly PublicationImportEntry[]): PublicationImportCounts {
  const counts: PublicationImportCounts = { new: 0, updated: 0, unchanged: 0, skipped: 0 };
  for (const e of entries) counts[e.status]++;
  return counts;
}

/**
 * Decides what an import does with each entry of a file, against the member's stored publications (`stored`),
 * without writing anything (the preview and the import make the same plan):
 * - an entry that could not be read from the file, that is not a journal or conference paper, or whose fields do not pass the same `validateBody` as
 *   `POST /api/Research-Publication`, is `skipped` with the reason (the field labels and messages);
 * - an entry that is the same publication (`samePublication`) as an earlier entry of the file, or that matches the
 *   same stored record as one, is `skipped`;
 * - an entry that matches a stored record (`findSame`: DOI, else title and year) is `unchanged` when every field it
 *   gives is as stored, else `updated` with `changed_fields`; the update keeps the record's other fields (status,
 *   level, indexing, impact factor...) and the stored version, so a change made meanwhile is refused (409);
 * - any other entry is `new`, with status Published and the chosen `level`.
 * @returns one planned entry per file entry, in file order
 */
export function planPublicationImport(
  entries: readonly CitationEntry[],
  stored: readonly EntityRecord[],
  level: PublicationLevel,
): PlannedEntry[] {
  const accepted: PlannedEntry[] = [];
  const claimed = new Map<string, number>();
  return entries.map((e): PlannedEntry => {
    const base = { position: e.position, ...(e.key ? { key: e.key.slice(0, 200) } : {}), title: (e.title ?? '').slice(0, 500) };
    if (e.problem) return { ...base, status: 'skipped', reason: `Not readable ${e.problem}` };
    const mapped = publicationFields(e, level);
    if ('reason' in mapped) return { ...base, status: 'skipped', reason: mapped.reason };
    const notes = mapped.notes.length ? { notes: mapped.notes } : {};
    const v = validateBody(researchPublication, mapped.body, 'create');
    const year = typeof mapped.body.publication_year === 'number' ? mapped.body.publication_year : undefined;
    const doi = typeof mapped.body.direct_object_identifier === 'string' ? mapped.body.direct_object_identifier.slice(0, 200) : undefined;
    const shown = { ...base, ...(year !== undefined ? { year } : {}), ...(doi ? { doi } : {}), ...notes };
    if (!v.ok) return { ...shown, status: 'skipped', reason: fieldProblems(v.fields) };
    const earlier = accepted.find((a) => a.data && samePublication(v.data, a.data));
    if (earlier) return { ...shown, status: 'skipped', reason: `The same publication as entry ${earlier.position} of the file` };
    const match = findSame(v.data, stored);
    if (match && claimed.has(match.id))
      return { ...shown, status: 'skipped', reason: `Matches the same stored publication as entry ${claimed.get(match.id)} of the file` };
    let planned: PlannedEntry;
    if (!match) planned = { ...shown, status: 'new', data: v.data };
    else {
      claimed.set(match.id, e.position);
      const changed = changedFields(match, v.data);
      if (!changed.length) planned = { ...shown, status: 'unchanged', id: match.id, data: v.data };
      else {
        // The stored record's own values, with the file's values over them (status and level stay as stored).
        const kept = Object.fromEntries(
          PUBLICATION_FIELDS.filter((f) => isWritable(f) && match[f.name] !== undefined).map((f) => [f.name, match[f.name]]),
        );
        const given = Object.fromEntries(changed.map((k) => [k, v.data[k]]));
        const merged = validateBody(researchPublication, { ...kept, ...given, version: match.version }, 'replace');
        planned = merged.ok
          ? { ...shown, status: 'updated', id: match.id, changed_fields: changed, data: merged.data, version: match.version }
          : { ...shown, status: 'skipped', reason: fieldProblems(merged.fields) };
      }
    }
    accepted.push(planned);
    return planned;
  });
}
