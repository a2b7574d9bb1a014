/**
 * Choice lists of spec part 1 §5, kept exactly as the spec spells them (including `Humaities&Sciences`).
 * Shared by entity definitions, the CSV importers and the forms.
 */
export const DURATION_UNITS = ['Minutes', 'Hours', 'Days', 'Months', 'Years'] as const;
export const NBA_SAR_TYPES = [
  'UndergraduateEngineering',
  'PostgraduateEngineering',
  'Diploma/Polytechnic',
  'UndergraduatePharmacy',
  'PostgraduateMBA',
] as const;
export const TOPIC_UNITS = ['UnitI', 'UnitII', 'UnitIII', 'UnitIV', 'UnitV', 'UnitVI', 'UnitVII', 'UnitVIII'] as const;
export const COURSE_COMPONENTS = ['Basic', 'Core', 'Electives', 'Humaities&Sciences', 'Others', 'Projects'] as const;
export const LAB_CATEGORIES = ['Demonstration', 'Exercise', 'Structured Enquiry', 'Open Ended'] as const;
export const QUESTION_TYPES = [
  'Descriptive',
  'Analytical',
  'Design',
  'Programming',
  'Drawing',
  'Professional',
  'Ethical',
  'Business Management',
  'Problem Solving',
  'Logical Reasoning',
] as const;
export const DIFFICULTY_LEVELS = ['easy', 'hard'] as const;
/** Delivery method `bloom_level` (spec part 1 §3: values 1, 2, 3). */
export const DELIVERY_BLOOM_LEVELS = [1, 2, 3] as const;
/** Kinds of assessment occasion: in-semester (ISE), mid-semester (MSE) and end-semester (ESE) examinations. */
export const OCCASION_KINDS = ['ISE', 'MSE', 'ESE'] as const;
/** The kinds that make up continuous internal evaluation (CIE) and the semester-end examination (SEE). */
export const CIE_KINDS = ['ISE', 'MSE'] as const;
export const SEE_KINDS = ['ESE'] as const;
/** How an occasion is conducted (the occasion list's `mode` column). */
export const OCCASION_MODES = ['Offline', 'Online'] as const;
/** Where an occasion stands (the occasion list's `status` column). */
export const OCCASION_STATUSES = ['Planned', 'Question paper set', 'Conducted', 'Marks entered'] as const;
/** Whether a course is core or elective (the occasion list's `core_elective` column). */
export const COURSE_KINDS = ['core', 'elective', 'lab', 'project'] as const;
/**
 * How a course's PO/PSO attainment follows from its CO attainment (docs/design.md "Attainment"):
 * `Weighted by correlation`: PO_j = sum_i(c_ij * A_i) / sum_i(c_ij);
 * `Average mapping x attainment / 3`: PO_j = mean_i(c_ij) * mean_i(A_i) / 3.
 */
export const PO_RULES = ['Weighted by correlation', 'Average mapping x attainment / 3'] as const;
/** Whether a level band's percent is reached "at least" (>=, the FISAT sample's wording) or must be exceeded (>). */
export const BAND_RULES = ['At least', 'More than'] as const;
/** Level 1's condition: the level-1 band, or any student at the threshold (more than 0 % of students). */
export const LEVEL1_RULES = ['Level 1 band', 'Any student (> 0 %)'] as const;
/** How CIE (ISE + MSE) is read: the marks of all CIE papers pooled, or the average of the ISE and MSE levels. */
export const CIE_RULES = ['Pooled marks', 'Average of ISE/MSE levels'] as const;
/** A CO target is a level (0-3) or a percent of students reaching the threshold. */
export const TARGET_KINDS = ['Level', 'Percent of students'] as const;
/**
 * How a campus writes dates and numbers (a BCP 47 locale for `Intl`): India's `en-IN` (21/11/2026, 1,00,000) by
 * default; the United Kingdom's and the United States' for campuses that ask.
 */
export const CAMPUS_LOCALES = ['en-IN', 'en-GB', 'en-US'] as const;
export type CampusLocale = (typeof CAMPUS_LOCALES)[number];
/** The locale of a campus that has not chosen one. */
export const DEFAULT_LOCALE: CampusLocale = 'en-IN';
