import { PUBLICATION_IMPORT_PATH } from '@attain/shared-types';
import { fileRouter } from '../http/file-routes.js';
import { publicationImportRouter } from '../http/publication-import-routes.js';
import { defineDomain } from './domain-module.js';

/**
 * The `faculty` domain: each faculty member's own records of Faculty Contribution (workload, publications, projects,
 * awards, patents, books, fellowships, workshops, professional bodies, research projects). They are `personal`
 * registry entities: the generic CRUD router keeps each to its owner (see `crudRouter`). Its special routes serve the
 * photo and attachment uploads that profiles and these records carry (`/api/files`) and load a BibTeX or RIS file
 * into the member's research publications (`publicationImportRouter`).
 */
export const facultyDomain = defineDomain({
  name: 'faculty',
  behaviours: [],
  routes: [
    { path: '/api/files', router: fileRouter },
    { path: PUBLICATION_IMPORT_PATH, router: publicationImportRouter },
  ],
});
