import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CampusScope,
  type Caller,
  LAB_CATEGORIES,
  academicYearsBetween,
  bloomLevel,
  courseType,
  curriculum,
  deliveryMethod,
  department,
  genericProgramOutcome,
  labCategory,
  PO12_TO_PO11,
  mergedLevel,
  mapLevelWeightage,
  program,
  programMode,
  programOutcomeType,
  programType,
  term,
} from '@attain/shared-types';
import { setUpProgramOutcomes } from '../../features/structure/program-outcomes-setup.js';
import { importCoPoMatrix } from '../../features/curriculum/import/co-po-matrix-import.js';
import { importCourseOutcomes } from '../../features/curriculum/import/course-outcomes-import.js';
import { importCurriculum } from '../../features/curriculum/import/curriculum-import.js';
import { listAll } from '../../platform/store/list-all.js';
import { createRecord } from '../../platform/store/records.js';

const dataDir = join(dirname(fileURLToPath(import.meta.url)), 'data');
const csv = (name: string) => readFileSync(join(dataDir, name), 'utf8');

/**
 * A CO-PO matrix CSV over NBA's 12 POs (co-po-matrix.csv: no quoted cells) moved to the 11 POs of GAPC v4.0 by
 * `PO12_TO_PO11`: the columns that become one PO (PO6 and PO7) hold the higher level of the two ('-' when neither
 * maps it); every other column is renamed; PSO and other columns are kept as they are.
 */
export function matrixToGapcPos(text: string): string {
  const [head, ...rows] = text
    .trim()
    .split('\n')
    .map((l) => l.split(','));
  const target = head.map((h) => PO12_TO_PO11[h] ?? h);
  const columns = [...new Set(target)];
  const merged = (row: string[], name: string) => {
    const levels = row.filter((_, i) => target[i] === name);
    return levels.length === 1 ? levels[0] : String(mergedLevel(levels.map(Number).filter(Number.isFinite)) ?? '-');
  };
  return [columns, ...rows.map((r) => columns.map((c) => merged(r, c)))].map((r) => r.join(',')).join('\n') + '\n';
}

/**
 * Seeds the demo campus's academic structure once (when it has no program yet), entirely through the same
 * services the API uses:
 * - reference lists: program type and mode, PO/PSO/PEO types, delivery methods, the spec's four lab categories,
 *   NBA's correlation levels 1-3 as map level weightages, and course types from IIT Palakkad's categories;
 * - the B.Tech CSE program (8 terms, 144 credits: data/SOURCES.md CUR-IITPKD), following the 2025 SAR format, with its
 *   11 POs (GAPC v4.0, data/SOURCES.md PO11-A) and three PSO slots;
 * - curriculum "2022 (IIT Palakkad)" loaded from curriculum-cse-iitpkd-2022.csv;
 * - curriculum "Published CO-PO samples" holding the nine courses of course-outcomes.csv with their COs and the
 *   matrices of co-po-matrix.csv moved to the 11 POs (`matrixToGapcPos`; the sources are other institutions, so these
 *   courses are kept apart; their term placement is not from the sources).
 * `size.full` false (the smaller demo campus): no IIT Palakkad curriculum.
 * @returns true when it seeded
 */
export async function seedDemoStructure(scope: CampusScope, admin: Caller, size: { full: boolean } = { full: true }): Promise<boolean> {
  if ((await listAll(scope, program)).length) return false;
  const cse = (await listAll(scope, department)).find((d) => d.short_name === 'CSE');
  const ug = await createRecord(scope, programType, {
    name: 'Undergraduate',
    description: 'Bachelor of Technology / Engineering programs',
  });
  await createRecord(scope, programType, { name: 'Postgraduate', description: 'Master of Technology / Engineering programs' });
  const fullTime = await createRecord(scope, programMode, { name: 'Full Time' });
  await createRecord(scope, programMode, { name: 'Part Time' });
  for (const [type, description] of [
    ['PO', 'Program outcome: graduate attribute of NBA (SAR Annexure I)'],
    ['PSO', 'Program-specific outcome, set by the program'],
    ['PEO', 'Program educational objective, a few years after graduation'],
  ])
    await createRecord(scope, programOutcomeType, { type, description });
  const methods: Record<string, string> = {};
  for (const [name, bloom_level] of [
    ['Lecture', 1],
    ['Tutorial', 2],
    ['Laboratory', 3],
    ['Project', 3],
  ] as const) {
    methods[name] = (await createRecord(scope, deliveryMethod, { name, bloom_level })).id;
  }
  for (const name of LAB_CATEGORIES) await createRecord(scope, labCategory, { name });
  for (const [name, acronym, weightage] of [
    ['Low', 'L', 1],
    ['Medium', 'M', 2],
    ['High', 'H', 3],
  ] as const) {
    await createRecord(scope, mapLevelWeightage, { name, acronym, weightage, status: true });
  }
  for (const [type, component_name, description] of [
    ['IC', 'Core', 'Institute core'],
    ['PMC', 'Core', 'Program major core'],
    ['PME', 'Electives', 'Program major elective'],
    ['HSE', 'Humaities&Sciences', 'Humanities and social sciences elective'],
    ['SME', 'Basic', 'Science and mathematics elective'],
    ['OE', 'Electives', 'Open elective'],
    ['Project', 'Projects', 'Project'],
  ] as const)
    await createRecord(scope, courseType, { type, component_name, description, open_elective: type === 'OE' });

  const btech = await createRecord(scope, program, {
    title: 'B.Tech Computer Science and Engineering',
    acronym: 'B.Tech CSE',
    department: cse?.id,
    program_type: ug.id,
    program_mode: fullTime.id,
    number_of_terms: 8,
    total_credits: 144,
    minimum_duration_qty: 4,
    minimum_duration_unit: 'Years',
    nba_sar_type: 'UndergraduateEngineering',
    // Sample admissions for the SAR's student count: 60 a year (one AICTE division) and lateral entries at AICTE's
    // 10 % of the intake, 2019-20 to 2025-26. Replace with the program's own sanctioned figures.
    intake: academicYearsBetween(2019, 2025).map((academic_year) => ({ academic_year, sanctioned_intake: 60, lateral_entries: 6 })),
  });
  // The program follows the 2025 SAR format (the default): its POs are that format's 11 (GAPC v4.0).
  await setUpProgramOutcomes(scope, btech.id, 'nba_11_po_gapc_v4');
  for (const n of [1, 2, 3]) {
    await createRecord(scope, genericProgramOutcome, {
      program: btech.id,
      outcome_type: 'PSO',
      po_reference: `PSO${n}`,
      title: `Program-specific outcome ${n}`,
      statement:
        "Demo data: the published matrices map to this PSO but do not publish its wording; replace it with the program's own statement.",
    });
  }
  const newCurriculum = async (name: string, description: string) => {
    const cur = await createRecord(scope, curriculum, { name, program: btech.id, department: cse?.id, start_year: 2022, description });
    for (let i = 1; i <= 8; i++) await createRecord(scope, term, { name: `Term ${i}`, number: i, curriculum: cur.id });
    return cur;
  };
  // The smaller demo campus keeps only the published-sample courses.
  if (size.full) {
    // Source of the curriculum: data/SOURCES.md CUR-IITPKD (kept out of the description a college reads).
    const iit = await newCurriculum('2022 (IIT Palakkad)', 'B.Tech CSE, students admitted from 2022, plan "Institute Core First"');
    await importCurriculum(scope, iit.id, csv('curriculum-cse-iitpkd-2022.csv'));
  }
  // Sources of each course: data/SOURCES.md (kept out of the description a college reads).
  const samples = await newCurriculum(
    'Published CO-PO samples',
    'Courses whose COs and CO-PO matrices were published by AKTU, RTU, Anna University and SPPU colleges; all placed in term 1 here.',
  );
  const analyse = (await listAll(scope, bloomLevel)).find((l) => l.level_of_learning === 'K4');
  await importCourseOutcomes(scope, samples.id, csv('course-outcomes.csv'), {
    delivery_method: methods.Lecture,
    fallback_bloom_level: analyse?.id,
    create_courses_in_term: 1,
  });
  // The published matrices map NBA's 12 POs; the program has the 11 of GAPC v4.0 (`matrixToGapcPos`).
  await importCoPoMatrix(scope, admin, samples.id, matrixToGapcPos(csv('co-po-matrix.csv')));
  return true;
}
