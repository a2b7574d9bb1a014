import * as z from 'zod/mini';
import { defineRoute, file, item, textBody } from '../api/contract.js';
import { PUBLICATION_IMPORT_PATH } from '../api/publication-import.js';
import { researchPublication } from '../entities/faculty/research-publication.js';
import { EVENT_LEVELS } from '../entities/faculty/choices.js';
import { DOCX_TYPE, PDF_TYPE } from '../files/document-types.js';
import { MESSAGES } from '../registry/messages.js';

/** The file formats of a faculty CV: `docx` (the default) and `pdf`. */
export const CV_FORMATS = ['docx', 'pdf'] as const;
export type CvFormat = (typeof CV_FORMATS)[number];

/**
 * `GET /api/faculty-cv?faculty=<profile id>&format=docx|pdf`: a member's CV (profile and every Faculty Contribution
 * record, grouped by type, newest first) as a file download named `<First>-<Last>-CV.<ext>`. Faculty read only their
 * own (anyone else's is 404, as for an unknown id); campus admins (and group administrators, read-only) any member of
 * the campus.
 */
export const facultyCvRoute = defineRoute({
  method: 'GET',
  path: '/api/faculty-cv',
  domain: 'documents',
  summary: "A faculty member's CV (profile and contribution records) as Word or PDF",
  query: z.object({
    faculty: z.optional(z.string()),
    format: z.optional(z.enum(CV_FORMATS, { error: 'Choose docx or pdf' })),
  }),
  invalid: 'The CV can be downloaded as docx or pdf',
  answer: file(DOCX_TYPE, PDF_TYPE),
  errors: [400, 401, 404],
});

/**
 * `POST /api/Research-Publication/import[?dry_run=1][&level_status=National][&faculty=<user id>]`: loads a BibTeX or
 * RIS file (the body, text) into the caller's research publications, or (campus admins) the member named by
 * `faculty`; `dry_run=1` (or `true`) previews and writes nothing; `level_status` is the level of new publications
 * (International when not given). 400 for a multipart body, a bad level or member, or a file that cannot be read
 * (`errors.fields.file`); 413 over the limit; 409 when a matched record changed meanwhile.
 */
export const publicationImportRoute = defineRoute({
  method: 'POST',
  path: PUBLICATION_IMPORT_PATH,
  domain: 'documents',
  summary: 'Import research publications from a BibTeX or RIS file (with a dry run that previews)',
  roles: researchPublication.writeRoles,
  query: z.object({
    dry_run: z.optional(z.string()),
    level_status: z.optional(
      z.string().check(z.refine((v) => v === '' || (EVENT_LEVELS as readonly string[]).includes(v), MESSAGES.choice)),
    ),
    faculty: z.optional(z.string()),
  }),
  invalid: `The level must be one of ${EVENT_LEVELS.join(', ')}`,
  body: textBody('text/plain; charset=utf-8', 'application/x-bibtex', 'application/x-research-info-systems'),
  answer: item('PublicationImportResult'),
  errors: [400, 401, 403, 409, 413],
});
