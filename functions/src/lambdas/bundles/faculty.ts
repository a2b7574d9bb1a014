import { FACULTY_RECORDS } from '@attain/shared-types';
import { FILE_ENDPOINTS } from '../../features/files/file-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `faculty` domain: each faculty member's own records of Faculty Contribution (workload, publications, projects,
 * awards, patents, books, fellowships, workshops, professional bodies, research projects). They are `personal`
 * registry entities: the generic CRUD router keeps each to its owner (see `crudRouter`). Its special route serves the
 * photo and attachment uploads that profiles and these records carry (`/api/files`); the BibTeX/RIS import of
 * publications is the `documents` domain's.
 */
export const facultyDomain = defineDomain({
  name: 'faculty',
  entities: FACULTY_RECORDS,
  behaviours: [],
  endpoints: [...FILE_ENDPOINTS],
});
