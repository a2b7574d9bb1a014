import { type Figure, type RecordOf, type program, shiftAcademicYear } from '@attain/shared-types';
import { figure } from '../reports/index.js';
import { STUDENT_COUNT_CITATION } from '../reports/index.js';

/** One academic year's admissions as a program lists them (`program.intake`): counts of students. */
interface IntakeRow {
  sanctioned_intake: number;
  lateral_entries: number;
}

/** A program's intake rows by academic year (rows missing a year are ignored; absent counts are 0). */
function intakeByYear(p: RecordOf<typeof program>): Map<string, IntakeRow> {
  const out = new Map<string, IntakeRow>();
  const count = (v: unknown) => (typeof v === 'number' ? v : 0);
  for (const r of p.intake ?? []) {
    if (typeof r.academic_year === 'string')
      out.set(r.academic_year, { sanctioned_intake: count(r.sanctioned_intake), lateral_entries: count(r.lateral_entries) });
  }
  return out;
}

/**
 * S of the SAR's student-faculty ratio for academic year `year`: students of the program's 2nd to last year, each
 * batch counted as its sanctioned intake plus the lateral entries admitted into its 2nd year. For a 4-year program
 * (8 terms) in 2025-26: intake(2024-25) + lateral(2025-26) + intake(2023-24) + lateral(2024-25) + intake(2022-23) +
 * lateral(2023-24). Years the program has not listed count 0 and the figure's note names them. Counts of students.
 */
export function studentCount(p: RecordOf<typeof program>, year: string): Figure {
  const rows = intakeByYear(p);
  const years = Math.max(2, Math.ceil((p.number_of_terms ?? 8) / 2));
  const inputs: Figure['trace']['inputs'] = [];
  const missing = new Set<string>();
  let total = 0;
  for (let k = 2; k <= years; k++) {
    const admitted = shiftAcademicYear(year, -(k - 1));
    const lateralYear = shiftAcademicYear(year, -(k - 2));
    const intake = rows.get(admitted)?.sanctioned_intake;
    const lateral = rows.get(lateralYear)?.lateral_entries ?? 0;
    if (intake === undefined) missing.add(admitted);
    if (!rows.has(lateralYear)) missing.add(lateralYear);
    inputs.push({ label: `Year ${k}: intake ${admitted} + lateral entries ${lateralYear}`, value: `${intake ?? 0} + ${lateral}` });
    total += (intake ?? 0) + lateral;
  }
  const formula = `S = sum over years 2..${years} of the batch's sanctioned intake + its lateral entries`;
  const note = missing.size ? `No intake listed for ${[...missing].sort().join(', ')} (counted 0): Configuration > Programs` : undefined;
  return figure(total, { formula, inputs, source: STUDENT_COUNT_CITATION }, { digits: 0, note });
}
