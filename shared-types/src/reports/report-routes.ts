import * as z from 'zod/mini';
import { defineRoute, item } from '../api/contract.js';
import { DOCX_TYPE, PDF_TYPE } from '../files/document-types.js';
import { isAcademicYear } from '../format/academic-year.js';
import { MESSAGES } from '../registry/messages.js';
import { MAPPING_OPTIONS, MAP_STATES, REPORTS, REPORTS_PATH, type ReportEntry, type ReportPicker } from './report-catalogue.js';
import { SAR_CRITERIA, SAR_FORMATS, SAR_PATH, SAR_WHOLE } from './sar.js';
import { isOneOf } from '../guards.js';

/** `''` or a value meeting `test`. */
const blankOr = (test: (v: string) => boolean, message: string) => z.string().check(z.refine((v) => v === '' || test(v), message));
/** A picked id: at most 64 characters (a wrong or another campus's id finds nothing: the report answers 404). */
const pickedId = z.string().check(z.trim(), z.maxLength(64, MESSAGES.tooLong));
/** A picker that must be chosen. */
const required = z
  .string({ error: MESSAGES.required })
  .check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(64, MESSAGES.tooLong));

/** The checks of each picker when it is given: ids, the spec's choices, an academic year. */
const PICKERS: Readonly<Record<ReportPicker, z.ZodMiniType<string>>> = {
  department: pickedId,
  user: pickedId,
  curriculum: pickedId,
  term: pickedId,
  course: pickedId,
  option: blankOr((v) => isOneOf(MAPPING_OPTIONS, v), 'Choose POs, PSOs or All'),
  map_state: blankOr((v) => isOneOf(MAP_STATES, v), 'Choose Highest or Average'),
  year: blankOr(isAcademicYear, 'Write it as 2025-26'),
};

/**
 * The query of a report: every picker (`REPORT_PICKER_NAMES`), those the report requires required (`Required`), each
 * checked as `PICKERS` says (`option` All when absent, `map_state` absent = the program's articulation rule).
 */
function reportQuery(entry: ReportEntry) {
  const shape: Record<string, z.ZodMiniType<string | undefined>> = {};
  for (const p of Object.keys(PICKERS) as ReportPicker[]) shape[p] = entry.required.includes(p) ? required : z.optional(PICKERS[p]);
  return z.object(shape);
}

/**
 * `GET /api/reports/{api}?curriculum=&term=&course=&option=&map_state=&department=&user=&year=`: one report of
 * `REPORTS` as `{ data: ReportView }` (every signed-in user of the campus); a missing required picker or a bad choice is
 * 400 with the field; a picked id of another campus is 404.
 */
export const reportRoute = (entry: ReportEntry & { api: string }) =>
  defineRoute({
    method: 'GET',
    path: `${REPORTS_PATH}/${entry.api}`,
    domain: 'reports',
    summary: `${entry.label} report: ${entry.purpose}`,
    query: reportQuery(entry),
    invalid: `Check the choices of the ${entry.label} report`,
    answer: item('ReportView'),
    errors: [400, 401, 404],
  });

/** Every report with an API, as its route. */
export const REPORT_ROUTES = /* @__PURE__ */ REPORTS.flatMap((e) => (e.api ? [reportRoute({ ...e, api: e.api })] : []));

/**
 * `GET /api/reports/sar/{program}?year=<CAY>&criteria=3,5&courses=<ids>&format=json|docx|pdf`: the NBA SAR
 * (`SarView`) as JSON, or as a download `SAR-<acronym>-<CAY>.docx|pdf` (see `SAR_PATH`); 400 for a bad query, 404 for
 * another campus's program.
 */
export const sarRoute = defineRoute({
  method: 'GET',
  path: `${SAR_PATH}/{program}`,
  domain: 'reports',
  summary: "A program's NBA Self Assessment Report (Criteria 3 and 5, or the whole SAR of its format) as JSON, Word or PDF",
  query: z.object({
    year: z.optional(blankOr(isAcademicYear, 'Write it as 2025-26')),
    criteria: z.optional(
      z.string().check(
        z.refine((v) => {
          const asked = v
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean);
          return (asked.length === 1 && asked[0] === SAR_WHOLE) || (asked.length > 0 && asked.every((c) => isOneOf(SAR_CRITERIA, c)));
        }, 'Choose criterion 3, 5, both, or all'),
      ),
    ),
    format: z.optional(z.enum(SAR_FORMATS, { error: 'Choose json, docx or pdf' })),
    courses: z.optional(z.string()),
    /** `1`: the team's review copy (figure notes, "Review copy" on every page); otherwise the SAR to submit. */
    review: z.optional(z.enum(['0', '1'], { error: 'Write review=1 for the review copy' })),
  }),
  invalid: 'Check the SAR request',
  answer: item('SarView', 200, [DOCX_TYPE, PDF_TYPE]),
  errors: [400, 401, 404],
});

/**
 * `GET /api/reports/sar/{program}/readiness?year=<CAY>`: the program's readiness for its SAR format
 * (`SarReadinessView`): every criterion's marks from the data or the team's claims, NBA's decision rule applied, and
 * what holds the program back; without `year`, the SAR export's year. 400 for a bad year, 404 for another campus's
 * program.
 */
export const sarReadinessRoute = defineRoute({
  method: 'GET',
  path: `${SAR_PATH}/{program}/readiness`,
  domain: 'reports',
  summary: "A program's readiness for NBA accreditation: each criterion's marks, the decision rule, what holds it back",
  query: z.object({ year: z.optional(blankOr(isAcademicYear, 'Write it as 2025-26')) }),
  invalid: 'Check the readiness request',
  answer: item('SarReadinessView'),
  errors: [400, 401, 404],
});
