import { type CampusScope, type RecordOf, type sarSection, formatItems, sarFormatDef } from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { assertProgramYearOpen } from '../course-inputs/index.js';

type Section = RecordOf<typeof sarSection>;

/**
 * The rules of a SAR section that need its format (`SarFormatDef`): the item must be one of the format's, and a claim
 * is for an item whose marks the team claims (not one computed from data by NBA's formula) and at most the item's
 * marks (a pooled item: the pool's).
 * @throws HttpError 400 naming the field (`item`, `claimed_marks`)
 */
export function checkSarSection(data: Pick<Section, 'sar_format' | 'item' | 'claimed_marks'>): void {
  const format = sarFormatDef(data.sar_format);
  const found = formatItems(format).find((x) => x.item.number === data.item);
  if (!found) throw new HttpError(400, `Item ${data.item} is not an item of ${format.label}`, { item: `Not an item of ${format.label}` });
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
