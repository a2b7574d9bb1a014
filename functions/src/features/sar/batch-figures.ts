import {
  type BatchFigureOffer,
  type BatchKnownFigures,
  type CampusScope,
  curriculum,
  numberOf,
  program,
  shiftAcademicYear,
  student,
} from '@attain/shared-types';
import { listAll } from '../../platform/store/list-all.js';
import { getRecord } from '../../platform/store/records.js';

/**
 * The figures of a program's batch of `entryYear` (`2021-22`) that Attain already holds, each with its source, for the
 * batch form to offer (never written into a batch by themselves):
 * - N, sanctioned intake: the program's intake list, row `entryYear`;
 * - N2, lateral entries: the program's intake list, lateral entries of the next academic year (they join the second
 *   year of this batch);
 * - N1, admitted: the students on the roll of each of the program's curricula first admitted in `entryYear`'s first
 *   calendar year (`start_year`), one offer per curriculum.
 * Counts of students. Reads the program, its curricula and their rosters.
 * @throws HttpError 404 for a program of another campus or none
 */
export async function knownBatchFigures(scope: CampusScope, programId: string, entryYear: string): Promise<BatchKnownFigures> {
  const prog = await getRecord(scope, program, programId);
  const offers: BatchFigureOffer[] = [];
  const intake = new Map((prog.intake ?? []).map((r) => [r.academic_year, r]));
  const own = intake.get(entryYear);
  const sanctioned = numberOf(own?.sanctioned_intake);
  if (sanctioned !== undefined) offers.push({ field: 'sanctioned', value: sanctioned, source: `The program's intake list, ${entryYear}` });
  const next = shiftAcademicYear(entryYear, 1);
  const lateral = numberOf(intake.get(next)?.lateral_entries);
  if (lateral !== undefined)
    offers.push({
      field: 'lateral',
      value: lateral,
      source: `The program's intake list, lateral entries of ${next}, into the second year`,
    });
  const start = Number(entryYear.slice(0, 4));
  const curricula = (await listAll(scope, curriculum, { program: programId })).filter((c) => c.start_year === start);
  for (const c of curricula) {
    const roll = await listAll(scope, student, { curriculum: c.id });
    if (roll.length) offers.push({ field: 'admitted', value: roll.length, source: `Students on the roll of ${c.name}` });
  }
  return { entry_year: entryYear, offers };
}
