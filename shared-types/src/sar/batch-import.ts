import * as z from 'zod/mini';
import { defineRoute, item, textBody } from '../api/contract.js';
import { MESSAGES } from '../registry/messages.js';
import { isAcademicYear } from '../format/academic-year.js';

/** `POST /api/batch-performance/import?program=<id>`: a program's batches from a CSV (XLSX is read in the browser). */
export const BATCH_IMPORT_PATH = '/api/batch-performance/import';

/** The counts of a batch a file may carry, by column (the `batch-performance` field of the same name). */
export const BATCH_COUNT_COLUMNS = [
  'sanctioned',
  'admitted',
  'lateral',
  'separate_division',
  'supernumerary',
  'multiple_entry',
  'multiple_exit',
  'graduated_without_backlog',
  'graduated_in_period',
  'final_year',
  'placed',
  'higher_studies',
  'entrepreneurs',
] as const;

/** The figures of one year of study a file may carry, as `year<k>_<figure>` columns (`year1_appeared`...). */
export const BATCH_YEAR_FIGURES = ['appeared', 'successful', 'without_backlog', 'mean_gpa', 'mean_percent'] as const;

/** Years of study a file may carry (1-4; a five-year program's fifth year is entered on the batch page). */
export const BATCH_FILE_YEARS = [1, 2, 3, 4] as const;

/**
 * Every column of a batch file in the template's order: `entry_year` (required, `2021-22`), the counts, the figures of
 * each year of study, and `note` (where the figures come from). Unknown columns are refused, so a misspelt one is not
 * silently dropped. The named lists (4.5a placements, higher studies, entrepreneurs) are entered on the batch page.
 */
export const BATCH_COLUMNS: readonly string[] = [
  'entry_year',
  ...BATCH_COUNT_COLUMNS,
  ...BATCH_FILE_YEARS.flatMap((y) => BATCH_YEAR_FIGURES.map((f) => `year${y}_${f}`)),
  'note',
];

/** What a batch import did: data rows read, batches created and batches updated (same program and entry year). */
export interface BatchImportResult {
  rows: number;
  created: number;
  updated: number;
}

/**
 * `POST /api/batch-performance/import?program=<id>` (campus admins): loads a program's batches (Criterion 4) from a
 * CSV with the columns `BATCH_COLUMNS`, one row per entry year. A batch already entered for that entry year is
 * updated: the figures a row fills replace the entered ones, and every other is kept (blank cells, columns the file
 * lacks, a fifth year of study, the named lists). Every row is checked first, by the batch's own rules; a file with any wrong row
 * is refused whole (400 with `errors.rows`) and nothing is written. Answers `{ message, data: BatchImportResult }`.
 */
export const batchImportRoute = defineRoute({
  method: 'POST',
  path: BATCH_IMPORT_PATH,
  domain: 'sar-figures',
  summary: "Load a program's batches (students' performance) from a CSV file",
  roles: ['admin'],
  query: z.object({
    program: z.string({ error: MESSAGES.required }).check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(64, MESSAGES.tooLong)),
  }),
  invalid: 'Choose the program the batches belong to',
  body: textBody('text/csv'),
  answer: item('BatchImportResult'),
  errors: [400, 401, 403, 404, 413],
});

/** `GET /api/batch-figures/{program}?entry_year=2021-22`: what Attain already knows of a batch (see `batchFiguresRoute`). */
export const BATCH_FIGURES_PATH = '/api/batch-figures';

/** One figure Attain already holds for a batch field: the value (students) and where it comes from, in people words. */
export interface BatchFigureOffer {
  field: 'sanctioned' | 'admitted' | 'lateral';
  value: number;
  source: string;
}

/** The figures Attain already holds for a program's batch of `entry_year`, offered to the batch form (never applied). */
export interface BatchKnownFigures {
  entry_year: string;
  offers: BatchFigureOffer[];
}

/**
 * `GET /api/batch-figures/{program}?entry_year=2021-22` (campus admins and faculty): the figures of a batch Attain
 * already holds, which the batch form offers with their source and applies only when the person chooses to: N from
 * the program's intake list for the entry year, N2 from its lateral entries of the next year (they join the second
 * year), and the students on the roll of the program's curriculum first admitted that year (for N1). 404 for a program
 * of another campus.
 */
export const batchFiguresRoute = defineRoute({
  method: 'GET',
  path: `${BATCH_FIGURES_PATH}/{program}`,
  domain: 'sar-figures',
  summary: 'The figures of a batch Attain already holds (intake, lateral entries, students on the roll)',
  query: z.object({ entry_year: z.string({ error: MESSAGES.required }).check(z.refine(isAcademicYear, 'Write it as 2025-26')) }),
  invalid: 'Write the entry year as 2025-26',
  answer: item('BatchKnownFigures'),
  errors: [400, 401, 404],
});
