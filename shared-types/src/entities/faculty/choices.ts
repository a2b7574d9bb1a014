/**
 * Choice lists of the Faculty Contribution records (spec part 2 §3), kept exactly as the spec spells them.
 */
export const WORKLOAD_DISTRIBUTIONS = ['1 - Semester', '2 - Semester'] as const;
export const TYPES_OF_WORK = ['Theory teaching', 'Laboratory work', 'Project Mentoring', 'Others (specify)'] as const;
/** The type of work that asks for `work_field`. */
export const OTHER_WORK = 'Others (specify)';
export const PUBLICATION_STATUSES = ['Communicated', 'Published', 'Accepted'] as const;
export const PUBLICATION_TYPES = ['Journal', 'Conference'] as const;
/** Level of a publication or an event (the spec's `level_status` / `select_level`). */
export const EVENT_LEVELS = ['State', 'National', 'International', 'Institute'] as const;
/** Status of a consultancy or sponsored project. */
export const PROJECT_STATUSES = ['On Going', 'Completed', 'Submitted'] as const;
export const CONSULTANT_ROLES = ['Consultant', 'Co-Consultant', 'Others'] as const;
export const PATENT_STATUSES = ['Published', 'Granted', 'Submitted'] as const;
export const BOOK_TYPES = ['Text Book', 'Reference Book', 'Other'] as const;
/** The book type that asks for `book_type`. */
export const OTHER_BOOK = 'Other';
export const FELLOWSHIP_TYPES = ['Fellowship', 'Scholarship'] as const;
export const EVENT_TYPES = ['Workshop', 'Training & Workshop', 'Conference', 'Training', 'Seminar', 'Development'] as const;
export const ATTENDEE_ROLES = ['Resource Person', 'Participants', 'Author', 'Others'] as const;
export const INVITATIONS = ['Invited', 'Deputed'] as const;
export const MEMBERSHIP_TYPES = ['LifeTime', 'Annual'] as const;
export const INVESTIGATOR_ROLES = ['Principal Investigator', 'Co-Investigator'] as const;
export const RESEARCH_STATUSES = ['Ongoing', 'Completed', 'Submitted'] as const;
