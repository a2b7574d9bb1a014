import type { FACULTY_RECORDS } from './index.js';

/**
 * The title of each Faculty Contribution record type as the side menu shows it (spec part 2 §2), by registry name:
 * the menu's tabs and the faculty CV's sections use the same words.
 */
export const FACULTY_RECORD_TITLES: Readonly<Record<(typeof FACULTY_RECORDS)[number]['name'], string>> = {
  'faculty-workload': 'Faculty workload',
  'research-publication': 'Research publication',
  'consulting-testing-project': 'Consultancy project',
  'sponsored-project': 'Sponsored project',
  'award-honour': 'Awards and honours',
  'patent-innovation': 'Patent and innovation',
  'book-publish': 'Book published',
  'book-chapter': 'Book chapter',
  fellowship: 'Scholarship',
  'workshop-organized': 'Workshop organized',
  'workshop-attended': 'Workshop attended',
  'professional-body': 'Professional bodies',
  'research-project': 'Research projects',
};

/**
 * What a faculty member reading a colleague is told in place of the colleague's Faculty Contribution records (the
 * record tabs of View Faculty Contribution, the counts of the Faculty Profile report): the record lists give faculty
 * their own records only, and a campus's admins everyone's (docs/decisions/0004-personal-data-by-purpose.md).
 */
export const COLLEAGUE_RECORDS_WITHHELD = "A colleague's Faculty Contribution records are read by the campus's administrators only.";
