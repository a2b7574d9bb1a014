import { FACULTY_CV_ENDPOINTS } from '../../features/faculty/faculty-cv-routes.js';
import { PUBLICATION_IMPORT_ENDPOINTS } from '../../features/faculty/publication-import-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `documents` domain: whole documents people download or upload, whose writers and readers are large, kept in a
 * Lambda of their own so the record Lambdas stay within 150 KB (the `docx` and `jspdf` libraries are ~740 KB
 * minified, five times a domain Lambda). Serves the faculty CV (`/api/faculty-cv`, DOCX or PDF) and the import of a
 * BibTeX or RIS bibliography into a member's research publications (`PUBLICATION_IMPORT_PATH`). It has no records of
 * its own.
 */
export const documentsDomain = defineDomain({
  name: 'documents',
  entities: [],
  behaviours: [],
  endpoints: [...FACULTY_CV_ENDPOINTS, ...PUBLICATION_IMPORT_ENDPOINTS],
});
