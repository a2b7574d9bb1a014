import {
  type CampusScope,
  DEFAULT_SAR_VERSION,
  academicYearsBetween,
  batchPerformance,
  organizationCurrentYear,
  firstYearAcademics,
  organization,
  program,
  sarFormatDef,
  sarSection,
  todayInIndia,
} from '@attain/shared-types';
import { sarYear } from '../../features/sar/sar-year.js';
import { sarTableRows } from '../../features/sar/table-rows.js';
import { listAll } from '../../platform/store/list-all.js';
import { createRecord, findRecord } from '../../platform/store/records.js';
import { prng } from './sample-random.js';

/** What every generated record says of itself. */
const SAMPLE_NOTE = 'SAMPLE: generated for the demo with a fixed seed; replace with the program’s own figures.';

/** SAMPLE employers and institutions of the named lists (invented names, labelled so). */
const EMPLOYERS = ['Sample employer A', 'Sample employer B', 'Sample employer C'];

/**
 * The SAMPLE texts of the sections the demo program's team has written: item, status, claimed marks and why. Items of
 * the 2025 format (the demo program's); each text says it is sample text.
 */
const SECTIONS = [
  { item: '1.1.1', status: 'Approved', marks: 5, reason: 'Vision and mission published and consistent' },
  { item: '1.1.2', status: 'Approved', marks: 5, reason: 'Four PEOs, reviewed with stakeholders' },
  { item: '1.1.3', status: 'Approved', marks: 12, reason: 'Process documented; alumni input partly recorded' },
  { item: '2.1', status: 'In review', marks: 15, reason: 'Calendar and pedagogy evidence; impact analysis thin' },
  { item: '2.2', status: 'Approved', marks: 20, reason: 'Capstones assessed by rubric; cost and safety partly covered' },
  { item: '3.7.1', status: 'Approved', marks: 5, reason: 'Tools and rubrics listed per course' },
  { item: '3.7.2', status: 'Approved', marks: 16, reason: 'CO attainment of every course against its target' },
  { item: '3.8', status: 'In review', marks: 20, reason: 'Direct and indirect PO attainment for three years' },
  { item: '8.1.1', status: 'Draft', marks: null, reason: '' },
] as const;

/**
 * Seeds the SAR's own data for the demo program, once (when it has no batch): SAMPLE batches entering 2018-19 to the
 * campus's current academic year (admissions from the program's intake where it lists the year, else 60; results,
 * graduates and placements generated with a fixed seed, the named lists of "Sample student n"), SAMPLE first-year
 * figures for the last four years, and SAMPLE sections (`SECTIONS`) of the report year the SAR export opens on,
 * some approved, some in review, one a draft. Run after the results are computed (the report year is chosen from them).
 * @returns true when it seeded
 */
export async function seedDemoSar(scope: CampusScope): Promise<boolean> {
  const prog = (await listAll(scope, program)).find((p) => p.title === 'B.Tech Computer Science and Engineering');
  if (!prog || (await listAll(scope, batchPerformance, { program: prog.id })).length) return false;
  const org = await findRecord(scope, organization, scope.campus);
  const cay = organizationCurrentYear(org, todayInIndia());
  const cayStart = Number(cay.slice(0, 4));
  const random = prng(2026);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const intake = new Map((prog.intake ?? []).map((r) => [r.academic_year, r]));
  for (const entry of academicYearsBetween(2018, cayStart)) {
    const start = Number(entry.slice(0, 4));
    const studied = Math.min(4, cayStart - start + 1);
    const row = intake.get(entry);
    const n = typeof row?.sanctioned_intake === 'number' ? row.sanctioned_intake : 60;
    const n1 = n - between(0, 9);
    const n2 = studied < 2 ? 0 : typeof row?.lateral_entries === 'number' ? row.lateral_entries : Math.round(n * 0.1);
    let enrolled = n1;
    const studyYears = [];
    for (let year = 1; year <= studied; year++) {
      if (year === 2) enrolled += n2;
      if (start + year > cayStart) break; // the year is still running: no results yet
      const successful = enrolled - between(0, 6);
      studyYears.push({
        year,
        appeared: enrolled,
        successful,
        without_backlog: successful - between(4, 14),
        mean_gpa: between(64, 82) / 10,
      });
      enrolled = successful + between(0, Math.max(0, enrolled - successful));
    }
    const graduated = start + 4 <= cayStart;
    const finalYear = graduated ? n1 + n2 - between(2, 6) : undefined;
    const inPeriod = finalYear === undefined ? undefined : finalYear - between(1, 6);
    const placed = finalYear === undefined ? undefined : Math.round((finalYear * between(55, 75)) / 100);
    const higher = finalYear === undefined ? undefined : between(3, 8);
    const founders = finalYear === undefined ? undefined : between(0, 2);
    const names = (count: number | undefined, detail: (k: number) => string, offset: number) =>
      Array.from({ length: count ?? 0 }, (_, k) => ({
        name: `Sample student ${offset + k + 1}`,
        roll_no: `${entry.slice(2, 4)}S${offset + k + 1}`,
        detail: detail(k),
      }));
    await createRecord(scope, batchPerformance, {
      program: prog.id,
      entry_year: entry,
      note: SAMPLE_NOTE,
      sanctioned: n,
      admitted: n1,
      lateral: n2,
      separate_division: 0,
      supernumerary: between(0, 2),
      study_years: studyYears,
      ...(finalYear === undefined
        ? {}
        : {
            final_year: finalYear,
            graduated_in_period: inPeriod,
            graduated_without_backlog: Math.round(((inPeriod ?? 0) * between(55, 80)) / 100),
            placed,
            higher_studies: higher,
            entrepreneurs: founders,
            placed_students: names(placed, (k) => `${EMPLOYERS[k % EMPLOYERS.length]} (sample)`, 0),
            higher_studies_students: names(higher, () => 'GATE; sample institution', placed ?? 0),
            entrepreneur_students: names(founders, () => 'Sample venture', (placed ?? 0) + (higher ?? 0)),
          }),
    });
  }
  for (const year of academicYearsBetween(cayStart - 3, cayStart)) {
    if ((await listAll(scope, firstYearAcademics)).some((r) => r.academic_year === year)) continue;
    const students = 180;
    const appeared = students - between(0, 6);
    await createRecord(scope, firstYearAcademics, {
      academic_year: year,
      note: SAMPLE_NOTE,
      students,
      faculty: between(80, 100) / 10,
      phd: between(2, 4),
      pg: between(5, 7),
      appeared,
      successful: appeared - between(8, 24),
      mean_gpa: between(66, 78) / 10,
      faculty_list: [
        { name: 'Sample faculty 1', qualification: 'Ph.D. (sample)', load: 1 },
        { name: 'Sample faculty 2', qualification: 'M.Tech (sample)', load: 0.5 },
      ],
    });
  }
  const format = sarFormatDef(prog.sar_version);
  const { yearChoice } = await sarYear(scope, prog.id, cay, undefined, false);
  for (const s of SECTIONS) {
    if (!format.criteria.some((c) => c.items.some((i) => i.number === s.item))) continue;
    await createRecord(scope, sarSection, {
      program: prog.id,
      sar_format: prog.sar_version ?? DEFAULT_SAR_VERSION,
      academic_year: yearChoice.year,
      item: s.item,
      text: `<p>Sample text for ${s.item}: written by the demo program team to show a section; replace it with the program's own.</p>`,
      status: s.status,
      ...(s.marks === null ? {} : { claimed_marks: s.marks, claim_reason: `${s.reason} (sample)` }),
    });
  }
  // Sections whose NBA tables are filled from Attain's own data (as "Fill from Attain" does), in the program's format
  // and in Tier II (so switching the program's format shows them too): written, some in review.
  const tier2 = 'SAR 2019 (UG Tier II)';
  const FILLED = [
    [prog.sar_version ?? DEFAULT_SAR_VERSION, ['4.6', '6.1.2.2', '7.1', '9.1']],
    [tier2, ['2.2.2', '4.5', '5.6', '6.1']],
  ] as const;
  for (const [sarFormat, items] of FILLED)
    for (const item of items) {
      if (!sarFormatDef(sarFormat).criteria.some((c) => c.items.some((i) => i.number === item))) continue;
      const { tables } = await sarTableRows(scope, { sub: 'seed', campusAdmin: true }, prog.id, sarFormat, yearChoice.year, item);
      const filled = tables.filter((t) => t.rows.length);
      if (!filled.length) continue;
      await createRecord(scope, sarSection, {
        program: prog.id,
        sar_format: sarFormat,
        academic_year: yearChoice.year,
        item,
        text: `<p>Sample text for ${item}: the table below was filled from Attain's data; replace the text with the program's own.</p>`,
        status: item === '2.2.2' || item === '4.6' ? 'In review' : 'Draft',
        tables: filled.map((t) => ({ title: t.title, columns: t.columns, rows: t.rows.slice(0, 300) })),
      });
    }
  return true;
}
