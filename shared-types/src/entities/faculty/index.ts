import { awardHonour } from './award-honour.js';
import { bookChapter } from './book-chapter.js';
import { bookPublish } from './book-publish.js';
import { consultingTestingProject } from './consulting-testing-project.js';
import { facultyWorkload } from './faculty-workload.js';
import { fellowship } from './fellowship.js';
import { patentInnovation } from './patent-innovation.js';
import { professionalBody } from './professional-body.js';
import { researchProject } from './research-project.js';
import { researchPublication } from './research-publication.js';
import { sponsoredProject } from './sponsored-project.js';
import { workshopAttended } from './workshop-attended.js';
import { workshopOrganized } from './workshop-organized.js';

export * from './choices.js';
export { DOI_PATTERN } from './research-publication.js';
export { OWNER_FIELD } from './personal-record.js';
export { COLLEAGUE_RECORDS_WITHHELD, FACULTY_RECORD_TITLES } from './record-titles.js';
export {
  awardHonour,
  bookChapter,
  bookPublish,
  consultingTestingProject,
  facultyWorkload,
  fellowship,
  patentInnovation,
  professionalBody,
  researchProject,
  researchPublication,
  sponsoredProject,
  workshopAttended,
  workshopOrganized,
};

/** The 13 Faculty Contribution record types, in the spec's side-menu order (spec part 2 §2). */
export const FACULTY_RECORDS = [
  facultyWorkload,
  researchPublication,
  consultingTestingProject,
  sponsoredProject,
  awardHonour,
  patentInnovation,
  bookPublish,
  bookChapter,
  fellowship,
  workshopOrganized,
  workshopAttended,
  professionalBody,
  researchProject,
] as const;
