/**
 * The CSV files an admin can load into a curriculum (`POST /api/import/{kind}?curriculum=<id>`, body = the CSV
 * text), in the formats of the reference data (`docs/nba-sources.md` "Reference data"). Headers name the columns;
 * extra columns are ignored.
 */
export const IMPORT_KINDS = {
  curriculum: {
    label: 'Curriculum (courses by term)',
    required: ['term', 'title'],
    optional: ['code', 'type', 'lecture', 'tutorial', 'practical', 'credits', 'category_published'],
  },
  'course-outcomes': {
    label: 'Course outcomes',
    required: ['course_code', 'co_code', 'statement'],
    optional: ['bloom_level', 'course_title'],
  },
  'co-po-matrix': {
    label: 'CO-PO matrix',
    required: ['course_code', 'co_code'],
    optional: ['PO1 .. PO12, PSO1 .. (one column per program outcome reference)', 'row_label_in_source'],
  },
  students: {
    label: 'Students (roster)',
    required: ['roll_no', 'name'],
    optional: ['section (default A)', 'email'],
  },
} as const;
export type ImportKind = keyof typeof IMPORT_KINDS;

/** What an import did: records created and updated, by entity label, and matrices saved. */
export interface ImportResult {
  kind: ImportKind;
  rows: number;
  created: number;
  updated: number;
  /** Notes a person should read (e.g. Bloom's levels inferred from a statement's verb). */
  notes: string[];
}

/** Largest CSV accepted, in bytes (the API's body limit). */
export const MAX_IMPORT_BYTES = 256 * 1024;
