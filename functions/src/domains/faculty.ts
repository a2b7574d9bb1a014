import { PUBLICATION_IMPORT_PATH } from '@attain/shared-types';
import { publicationImportRouter } from '../http/publication-import-routes.js';
import { defineDomain } from './domain-module.js';

/**
 * The `faculty` domain: each faculty member's own records of Faculty Contribution (workload, publications, projects,
 * awards, patents, books, fellowships, workshops, professional bodies, research projects). They are `personal`
 * registry entities: the generic CRUD router keeps each to its owner (see `crudRouter`). Its one special route loads
 * a BibTeX or RIS file into the member's research publications (`publicationImportRouter`).
 */
export const facultyDomain = defineDomain({
  name: 'faculty',
  behaviours: [],
  routes: [{ path: PUBLICATION_IMPORT_PATH, router: publicationImportRouter }],
});
