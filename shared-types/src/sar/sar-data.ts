import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { isAcademicYear } from '../format/academic-year.js';
import { SAR_VERSIONS, SAR_VERSION_LABELS } from '../reports/sar.js';
import { isPlainObject, numberOf, textOf } from '../guards.js';

const count = <const N extends string>(name: N, label: string, section: string) => f.int(name, label, { min: 0, max: 100_000, section });

/**
 * One year of study of a batch (Criterion 4's academic performance tables): the year of study (1-4), students who
 * appeared, were successful (permitted to the next year) and cleared it without a backlog, and the successful students'
 * mean GPA (10-point) or mean percent.
 */
const studyYear = [
  f.int('year', 'Year of study', { required: true, min: 1, max: 5 }),
  f.int('appeared', 'Appeared', { min: 0, max: 100_000 }),
  f.int('successful', 'Successful (permitted to the next year)', { min: 0, max: 100_000 }),
  f.int('without_backlog', 'Cleared without backlog', { min: 0, max: 100_000 }),
  f.number('mean_gpa', 'Mean GPA (10-point)', { min: 0, max: 10 }),
  f.number('mean_percent', 'Mean percent', { min: 0, max: 100 }),
];

/** A student of a named list NBA asks for (4.5a placements, higher studies, entrepreneurs). */
const named = (what: string, detail: string) => [
  f.string('name', 'Student', { required: true, max: 200 }),
  f.string('roll_no', 'Roll no.', { max: 40 }),
  f.string('detail', `${what}: ${detail}`, { max: 300 }),
];

/**
 * The rules across a batch's figures: the entry year written as an academic year (`2021-22`), each year of study
 * once, successful no more than appeared, graduates without backlog no more than those in the stipulated period, and a
 * named list no longer than its count (field -> message).
 */
function batchProblems(d: Record<string, unknown>): Record<string, string> {
  if (typeof d.entry_year === 'string' && !isAcademicYear(d.entry_year)) return { entry_year: 'Write it as 2021-22' };
  const rows = Array.isArray(d.study_years) ? d.study_years.filter(isPlainObject) : [];
  const seen = new Set<unknown>();
  for (const [i, r] of rows.entries()) {
    if (seen.has(r.year)) return { study_years: `Row ${i + 1}, Year of study: year ${textOf(r.year)} is already listed` };
    seen.add(r.year);
    if (typeof r.successful === 'number' && typeof r.appeared === 'number' && r.successful > r.appeared)
      return { study_years: `Row ${i + 1}, Successful: more than the ${r.appeared} who appeared` };
  }
  const out: Record<string, string> = {};
  const n = (k: string) => numberOf(d[k]) ?? null;
  const without = n('graduated_without_backlog');
  const inPeriod = n('graduated_in_period');
  if (without !== null && inPeriod !== null && without > inPeriod)
    out.graduated_without_backlog = `More than the ${inPeriod} who graduated in the stipulated period`;
  for (const [list, total] of [
    ['placed_students', 'placed'],
    ['higher_studies_students', 'higher_studies'],
    ['entrepreneur_students', 'entrepreneurs'],
  ] as const) {
    const names = d[list];
    const listed = Array.isArray(names) ? names.length : 0;
    const t = n(total);
    if (t !== null && listed > t) out[list] = `${listed} students listed, but the count is ${t}`;
  }
  if (typeof d.entry_year === 'string' && !isAcademicYear(d.entry_year)) out.entry_year = 'Write it as 2021-22';
  return out;
}

/**
 * A program's batch, the students who entered its first year in `entry_year` (`2021-22`), as the SAR's Criterion 4
 * counts it (NBA's Tables B.4a-c; 2025: 4A-4C): N sanctioned intake, N1 admitted in the first year net of migration,
 * N2 lateral entries into the second year, N3 separate division, and for the 2025 format N4 supernumerary, N5 joined
 * and N6 left through multiple entry and exit; the results of each year of study; graduates without backlog and in
 * the stipulated period; placements, higher studies and entrepreneurs with the named lists NBA asks for. Counts of
 * students; every figure optional (a batch still studying has no graduates); `note` says where they come from. One per
 * program and entry year.
 */
export const batchPerformance = defineEntity({
  name: 'batch-performance',
  label: 'Batch',
  path: '/api/batch-performance',
  domain: 'sar-figures',
  writeRoles: ['admin'],
  display: 'entry_year',
  fields: [
    f.ref('program', 'Program', 'program', { required: true }),
    f.string('entry_year', 'Entry year', { required: true, max: 7, academicYear: true }),
    f.text('note', 'Note (where these figures come from)', { max: 1000 }),
    count('sanctioned', 'N: sanctioned intake', 'Admission'),
    count('admitted', 'N1: admitted in first year (net of migration)', 'Admission'),
    count('lateral', 'N2: lateral entries into second year', 'Admission'),
    count('separate_division', 'N3: separate division', 'Admission'),
    count('supernumerary', 'N4: first-year supernumerary (2025 format)', 'Admission'),
    count('multiple_entry', 'N5: joined through multiple entry (2025 format)', 'Admission'),
    count('multiple_exit', 'N6: left through multiple exit (2025 format)', 'Admission'),
    f.list('study_years', 'Results per year of study', studyYear, { maxItems: 5, itemLabel: 'Year', section: 'Results' }),
    count('graduated_without_backlog', 'Graduated without backlog', 'Graduation'),
    count('graduated_in_period', 'Graduated in the stipulated period', 'Graduation'),
    count('final_year', 'Final-year students', 'Placement'),
    count('placed', 'Placed', 'Placement'),
    count('higher_studies', 'Admitted to higher studies (valid qualifying exam)', 'Placement'),
    count('entrepreneurs', 'Entrepreneurs', 'Placement'),
    f.list('placed_students', 'Students placed (Table 4.5a)', named('Employer', 'name and package'), {
      maxItems: 2000,
      itemLabel: 'Student',
      section: 'Placement',
    }),
    f.list('higher_studies_students', 'Students admitted to higher studies', named('Exam and institution', 'e.g. GATE, IIT Madras'), {
      maxItems: 2000,
      itemLabel: 'Student',
      section: 'Placement',
    }),
    f.list('entrepreneur_students', 'Entrepreneurs', named('Venture', 'name and registration'), {
      maxItems: 2000,
      itemLabel: 'Student',
      section: 'Placement',
    }),
  ],
  columns: ['program', 'entry_year', 'sanctioned', 'admitted', 'lateral', 'graduated_in_period', 'final_year', 'placed'],
  filters: ['program'],
  indexes: [{ field: 'program', sortBy: 'entry_year' }],
  unique: [['program', 'entry_year']],
  checks: batchProblems,
});

/**
 * One academic year of the institute's first year, as the SAR's Criterion 8 counts it: first-year students (the
 * approved intake), faculty teaching first-year common courses by fractional load (full-time equivalents, e.g. 8.5),
 * of them regular faculty with a Ph.D. and with a PG degree, the first-year results (appeared, successful, the mean GPA
 * or percent), the faculty by name with their qualification, and a note on where the figures come from. One per
 * academic year.
 */
export const firstYearAcademics = defineEntity({
  name: 'first-year-academics',
  label: 'First year',
  path: '/api/first-year-academics',
  domain: 'sar-figures',
  writeRoles: ['admin'],
  display: 'academic_year',
  fields: [
    f.string('academic_year', 'Academic year', { required: true, max: 7, academicYear: true }),
    f.text('note', 'Note (where these figures come from)', { max: 1000 }),
    count('students', 'First-year students (approved intake)', 'Students and faculty'),
    f.number('faculty', 'Faculty teaching first-year common courses (fractional load)', {
      min: 0,
      max: 10_000,
      section: 'Students and faculty',
    }),
    count('phd', 'Of them, regular faculty with a Ph.D.', 'Students and faculty'),
    count('pg', 'Of them, regular faculty with a PG degree', 'Students and faculty'),
    count('appeared', 'Appeared in first-year examinations', 'Results'),
    count('successful', 'Successful (permitted to second year)', 'Results'),
    f.number('mean_gpa', 'Mean GPA of successful students (10-point)', { min: 0, max: 10, section: 'Results' }),
    f.number('mean_percent', 'Mean percent of successful students', { min: 0, max: 100, section: 'Results' }),
    f.list(
      'faculty_list',
      'First-year faculty',
      [
        f.string('name', 'Name', { required: true, max: 200 }),
        f.string('qualification', 'Highest qualification', { max: 100 }),
        f.number('load', 'Share of load in first year (0-1)', { min: 0, max: 1 }),
      ],
      { maxItems: 500, itemLabel: 'Faculty member', section: 'Students and faculty' },
    ),
  ],
  columns: ['academic_year', 'students', 'faculty', 'phd', 'pg', 'appeared', 'successful'],
  unique: ['academic_year'],
  checks: (d) => {
    const out: Record<string, string> = {};
    if (typeof d.successful === 'number' && typeof d.appeared === 'number' && d.successful > d.appeared)
      out.successful = `More than the ${d.appeared} who appeared`;
    if (typeof d.academic_year === 'string' && !isAcademicYear(d.academic_year)) out.academic_year = 'Write it as 2025-26';
    return out;
  },
});

/** Where a SAR section stands: written, then reviewed, then approved (NBA's submission uses the approved text). */
export const SAR_SECTION_STATUSES = ['Draft', 'In review', 'Approved'] as const;
/** One SAR section's status. */
export type SarSectionStatus = (typeof SAR_SECTION_STATUSES)[number];

/**
 * One item of a program's SAR as the program team writes it, for one format and report year (`academic_year`, the
 * report's CAY): the text (rich text, sanitised on the server), its owner, its status (Draft -> In review ->
 * Approved), the marks the team claims for it and why (up to the item's marks; a computed item's marks come from the
 * data, not a claim), NBA's tables for the item as the team fills them (`tables`: the item's `SarTableDef`s, checked
 * against its format on the server), evidence files (the checked upload path), and the review comments. Who changed what is in the
 * audit trail. One per program, format, year and item (`item` is NBA's number, e.g. `4.7.1`).
 */
export const sarSection = defineEntity({
  name: 'sar-section',
  label: 'SAR section',
  path: '/api/sar-section',
  domain: 'sar',
  writeRoles: ['admin'],
  display: 'item',
  fields: [
    f.ref('program', 'Program', 'program', { required: true }),
    f.enum('sar_format', 'SAR format', SAR_VERSIONS, { required: true, choiceLabels: SAR_VERSION_LABELS }),
    f.string('academic_year', 'Report year (CAY)', { required: true, max: 7, academicYear: true }),
    f.string('item', 'Item', { required: true, max: 12 }),
    f.html('text', 'Text'),
    f.ref('owner', 'Owner', 'profile'),
    f.enum('status', 'Status', SAR_SECTION_STATUSES, { default: 'Draft' }),
    f.number('claimed_marks', 'Marks claimed', { min: 0, max: 200 }),
    f.text('claim_reason', 'Why these marks', { max: 2000 }),
    f.grids('tables', 'NBA tables', { max: 1000, maxItems: 10 }),
    f.files('evidence', 'Evidence', 'attachment'),
    f.list(
      'comments',
      'Review comments',
      [f.string('by', 'By', { max: 200 }), f.text('comment', 'Comment', { required: true, max: 2000 })],
      { maxItems: 200, itemLabel: 'Comment' },
    ),
  ],
  columns: ['item', 'status', 'owner', 'claimed_marks', 'academic_year', 'program'],
  filters: ['program', 'sar_format', 'academic_year', 'item', 'status'],
  indexes: [{ field: 'program', sortBy: 'academic_year' }],
  unique: [['program', 'sar_format', 'academic_year', 'item']],
  ownerField: 'owner',
  reservedChoices: { status: ['Approved'] },
  checks: (d): Record<string, string> =>
    typeof d.item === 'string' && !/^\d{1,2}(\.\d{1,2}){0,3}$/.test(d.item) ? { item: 'Write NBA’s item number, e.g. 4.7.1' } : {},
});
