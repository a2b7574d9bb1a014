import {
  type CampusScope,
  type GridTable,
  type RecordOf,
  type SarCriterionDef,
  type SarItemDef,
  type SarTableDef,
  type sarSection,
  sarFormatDef,
  sarItem,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { assertProgramYearOpen } from '../course-inputs/index.js';

type Section = RecordOf<typeof sarSection>;

/**
 * The most rows of one table, and bytes (UTF-8) of all of a section's tables. A request body is at most 256 KB
 * (`MAX_BODY_BYTES`), which keeps a section within DynamoDB's 400 KB item; the tables' share leaves room for the text.
 */
export const SECTION_TABLE_LIMITS = { rows: 300, bytes: 150_000 } as const;

/**
 * What is wrong with a section's tables for its item (null: nothing): each must be one of the item's NBA tables
 * (`defs`), once, with that table's columns in order; every row has one cell per column; at most
 * `SECTION_TABLE_LIMITS` rows and bytes.
 */
export function tableProblem(tables: readonly GridTable[], defs: readonly SarTableDef[], item: string): string | null {
  const seen = new Set<string>();
  let bytes = 0;
  for (const t of tables) {
    const def = defs.find((d) => d.title === t.title);
    if (!def) return `“${t.title}” is not one of NBA’s tables for ${item}`;
    if (seen.has(t.title)) return `“${t.title}” is given twice`;
    seen.add(t.title);
    if (t.columns.length !== def.columns.length || t.columns.some((c, i) => c !== def.columns[i]))
      return `“${t.title}” has the columns ${def.columns.join(', ')}`;
    if (t.rows.length > SECTION_TABLE_LIMITS.rows) return `“${t.title}” has ${t.rows.length} rows; at most ${SECTION_TABLE_LIMITS.rows}`;
    const bad = t.rows.findIndex((r) => r.length !== def.columns.length);
    if (bad >= 0) return `“${t.title}”, row ${bad + 1}: ${t.rows[bad].length} cells for ${def.columns.length} columns`;
    bytes += Buffer.byteLength(t.rows.flat().join(''));
  }
  const most = SECTION_TABLE_LIMITS.bytes;
  if (bytes > most)
    return `The tables hold ${bytes.toLocaleString('en-IN')} bytes of text; at most ${most.toLocaleString('en-IN')} fit in a section`;
  return null;
}

/**
 * Item `number` of SAR format `format` with its criterion (`sarItem`).
 * @throws HttpError 400 naming the field `item` when the format has no such item
 */
export function sarItemOrRefuse(format: string, number: string): { criterion: SarCriterionDef; item: SarItemDef } {
  const found = sarItem(format, number);
  if (found) return found;
  const label = sarFormatDef(format).label;
  throw new HttpError(400, `Item ${number} is not an item of ${label}`, { item: `Not an item of ${label}` });
}

/**
 * The rules of a SAR section that need its format (`SarFormatDef`): the item must be one of the format's, its tables
 * NBA's tables for the item (`tableProblem`), and a claim is for an item whose marks the team claims (not one computed
 * from data by NBA's formula) and at most the item's marks (a pooled item: the pool's).
 * @throws HttpError 400 naming the field (`item`, `tables`, `claimed_marks`)
 */
export function checkSarSection(data: Pick<Section, 'sar_format' | 'item' | 'claimed_marks' | 'tables'>): void {
  const found = sarItemOrRefuse(data.sar_format, data.item);
  const problem = tableProblem(data.tables ?? [], found.item.tables ?? [], data.item);
  if (problem) throw new HttpError(400, problem, { tables: problem });
  if (typeof data.claimed_marks !== 'number') return;
  if (found.item.scoring)
    throw new HttpError(400, `The marks of ${data.item} are computed from the program’s data`, {
      claimed_marks: 'Computed from the data: no claim is taken',
    });
  const pool = found.criterion.pools?.find((p) => p.items.includes(data.item));
  const max = found.item.marks ?? pool?.marks ?? 0;
  if (data.claimed_marks > max)
    throw new HttpError(400, `Item ${data.item} has at most ${max} marks`, {
      claimed_marks: `At most ${max} (NBA’s marks for ${data.item})`,
    });
}

/**
 * Refuses a write to SAR sections of a program year whose attainment an admin approved and froze (the SAR of an
 * approved year freezes with its attainment snapshot): `sections` are the section as stored and as it would be after
 * the write (a moved section is checked in both years).
 * @throws HttpError 409 naming the approval, as every frozen-year refusal does
 */
export async function assertSectionsOpen(
  scope: CampusScope,
  ...sections: readonly Pick<Section, 'program' | 'academic_year'>[]
): Promise<void> {
  await assertProgramYearOpen(scope, ...sections.map((s) => ({ program: s.program, year: s.academic_year })));
}
