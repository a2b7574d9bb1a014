/**
 * The NBA documents and items a computed figure follows, as a college cites them in what it submits. Every `source`
 * of a report or SAR trace comes from here, in NBA's words only: the document, its item, and, where the formula is
 * known from a secondary publication rather than NBA's own PDF, "as published in <document name>".
 *
 * Provenance stays out of the product: where each formula was read, and how far that reading is trusted, is recorded
 * in docs/nba-sources.md (Criterion 3: a Tier I presentation and ERES Publications' Criterion 3 article,
 * trust Medium; Criterion 5 2019: ERES Publications' Criterion 5 article and a published Criterion 5 transcription,
 * Medium; Criterion 5 2025: open-source SAR calculators for GAPC v4.0, Low-Medium) and in docs/decisions/.
 */

/** NBA's Self Assessment Report for UG engineering programs, Tier I (January 2016 format). */
const SAR_TIER1 = 'NBA SAR, UG Engineering Tier I (January 2016)';
/** NBA's Self Assessment Report for UG engineering programs, Tier II (June 2019 format). */
const SAR_TIER2_2019 = 'NBA SAR, UG Engineering Tier II (June 2019)';
/** NBA's Self Assessment Report for UG engineering programs, Tier II (June 2015 format). */
const SAR_TIER2_2015 = 'NBA SAR, UG Engineering Tier II (June 2015)';
/** NBA's Self Assessment Report under the Graduate Attribute and Professional Competency framework, version 4.0. */
const SAR_GAPC4 = 'NBA SAR, UG Engineering, GAPC version 4.0 (2025)';

/** Criterion 3 figures (articulation matrices, CO and PO/PSO attainment). */
export const CRITERION3_CITATION =
  `${SAR_TIER1}, Criterion 3 (3.1 articulation matrices, 3.2.2 CO attainment, 3.3.2 PO/PSO attainment), as published in ` +
  '"NBA Criteria 3 and 4 for Tier I Institutes" and "Criterion 3: Course Outcomes and Program Outcomes" (ERES Publications, 2019)';

/** A final (direct and indirect) CO or PO/PSO level: NBA asks for both kinds of assessment; the weights are the program's. */
export const FINAL_LEVEL_CITATION = `${SAR_TIER1}, Criterion 3.3.1 (direct and indirect assessment tools); weights set in the program's attainment method`;

/** The Program Articulation Matrix: a course's PO/PSO value from its CO rows, under the program's rule. */
export const ARTICULATION_CITATION = `${SAR_TIER1}, Criterion 3.1 (Course and Program Articulation Matrices)`;

/** Criterion 5 figures under the 2019 format. */
export const CRITERION5_2019_CITATION =
  `${SAR_TIER2_2019}, Criterion 5 (5.1 student-faculty ratio, 5.2 cadre proportion, 5.3 qualification, 5.4 retention), ` +
  'as published in "Criterion 5: Faculty Information and Contributions" (ERES Publications, 2019)';

/** Criterion 5 figures under the 2025 (GAPC version 4.0) format. */
export const CRITERION5_2025_CITATION =
  `${SAR_GAPC4}, Criterion 5 (faculty information: student-faculty ratio, cadre, qualification, retention), ` +
  'as published in SAR calculators for the GAPC version 4.0 format';

/** S, the students counted for the student-faculty ratio. */
export const STUDENT_COUNT_CITATION =
  `${SAR_TIER2_2019} and ${SAR_GAPC4}, Criterion 5.1: ` + 'S counts UG 2nd to 4th year students as sanctioned intake plus lateral entries';

/** Criterion 4 (students' performance) under the Tier II format. */
export const CRITERION4_2015_CITATION =
  `${SAR_TIER2_2015}, Criterion 4 (4.1 enrolment ratio, 4.2 success rates, 4.3 and 4.4 academic performance, 4.5 placement), ` +
  'as published in "Criteria 4: Students\u2019 Performance" (SKIT Jaipur, NBA pages)';

/** Criterion 4 under the Tier I format, where its multipliers differ from Tier II's. */
export const CRITERION4_2016_CITATION =
  `${SAR_TIER1}, Criterion 4 (4.2 success rates, 4.3 second-year academic performance, 4.4 placement), ` +
  'as published in "Criterion 4: Students\u2019 Performance" (ERES Publications, 2019)';

/** Criterion 4 under the 2025 (GAPC version 4.0) format. */
export const CRITERION4_2025_CITATION =
  `${SAR_GAPC4}, Criterion 4 (4.1 enrolment ratio, 4.2 success rate, 4.3 to 4.5 academic performance, 4.6 placement), ` +
  'as published in SAR calculators for the GAPC version 4.0 format';

/** Criterion 8 (first year academics) under the Tier II and Tier I formats. */
export const CRITERION8_2015_CITATION =
  `${SAR_TIER2_2015}, Criterion 8 (8.1 first-year student-faculty ratio, 8.2 faculty qualification, 8.3 academic performance), ` +
  'as published in "Criteria 8: First Year Academics" (SKIT Jaipur, NBA pages)';
