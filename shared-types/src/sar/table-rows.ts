import * as z from 'zod/mini';
import { defineRoute, item } from '../api/contract.js';
import { isAcademicYear } from '../format/academic-year.js';
import { MESSAGES } from '../registry/messages.js';
import { SAR_PATH, SAR_VERSIONS } from '../reports/sar.js';

/**
 * The rows Attain holds for one of NBA's tables of a SAR item (`SarTableDef.fill`), in the table's columns, with where
 * they come from in people words. The section form offers them; nothing goes into a section unless the person chooses.
 */
export interface SarTableRows {
  title: string;
  columns: string[];
  rows: string[][];
  source: string;
  /** Why no rows are given to this caller (colleagues' records only a campus administrator reads). */
  withheld?: string;
}

/** `GET /api/reports/sar/{program}/table-rows`: the rows Attain holds for each fillable table of one item. */
export interface SarTableRowsView {
  item: string;
  year: string;
  tables: SarTableRows[];
}

/**
 * `GET /api/reports/sar/{program}/table-rows?sar_format=&year=<CAY>&item=2.2.2` (every signed-in user of the campus;
 * tables of colleagues' Faculty Contribution records for its administrators only, `withheld` for others):
 * for each of the item's NBA tables that Attain can fill, the rows it holds for the program and report year (2.2.2:
 * the question papers of the year by CO and Bloom's level; 4.5a: the named lists of LYG to LYGm2; FDPs attended and
 * organised, memberships and sponsored projects of the department's faculty; the program's laboratory courses; the
 * curriculum's structure; the first year's ratio). 400 for a bad query or an item not of the format, 404 for another
 * campus's program.
 */
export const sarTableRowsRoute = defineRoute({
  method: 'GET',
  path: `${SAR_PATH}/{program}/table-rows`,
  domain: 'reports',
  summary: 'The rows Attain holds for the NBA tables of a SAR item (question papers, placements, faculty contributions, laboratories)',
  query: z.object({
    sar_format: z.enum(SAR_VERSIONS, { error: 'Choose a SAR format' }),
    year: z.string({ error: MESSAGES.required }).check(z.refine(isAcademicYear, 'Write it as 2025-26')),
    item: z.string({ error: MESSAGES.required }).check(z.regex(/^\d{1,2}(\.\d{1,2}){0,3}$/, 'Write NBA’s item number, e.g. 4.7.1')),
  }),
  invalid: 'Check the SAR format, report year and item',
  answer: item('SarTableRowsView'),
  errors: [400, 401, 404],
});
