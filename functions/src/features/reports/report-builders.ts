import type { CampusScope, Caller, ReportView } from '@attain/shared-types';
import { aoMapping } from './builders/ao-mapping.js';
import { ciaQuestion } from './builders/cia-question.js';
import { courseDomainReport } from './builders/course-domain-report.js';
import { departmentCurr } from './builders/department-curr.js';
import { facultyProfile } from './builders/faculty-profile.js';
import { labLesson } from './builders/lab-lesson.js';
import { mappingReport } from './builders/mapping-report.js';
import { programArt } from './builders/program-art.js';
import { programLevel } from './builders/program-level.js';
import { studentImp } from './builders/student-imp.js';
import { termwiseCourse } from './builders/termwise-course.js';
import { textRef } from './builders/text-ref.js';
import { theoryLesson } from './builders/theory-lesson.js';
import { transposeProg } from './builders/transpose-prog.js';
import { unmappedReport } from './builders/unmapped-report.js';
import type { ReportQuery } from './report-query.js';

/**
 * Builds one report of the catalogue for a campus (`REPORTS` in shared-types): reads what it needs from the campus's
 * records and answers the `ReportView`. `caller` is who asked (verified token claims), for reports whose rows depend
 * on it (a faculty member sees only their own profile). Throws `HttpError` 404 when a picked id is not the campus's.
 */
export type ReportBuilder = (scope: CampusScope, query: ReportQuery, caller: Caller) => Promise<ReportView>;

/** The builder of each report, by its API name (`REPORTS[].api`). */
export const REPORT_BUILDERS: Readonly<Record<string, ReportBuilder>> = {
  'faculty-profile': facultyProfile,
  'department-curr': departmentCurr,
  'mapping-report': mappingReport,
  'program-art': programArt,
  'program-level': programLevel,
  'transpose-prog': transposeProg,
  'ao-mapping': aoMapping,
  'cia-question': ciaQuestion,
  'course-domain-report': courseDomainReport,
  'lab-lesson': labLesson,
  'student-imp': studentImp,
  'termwise-course': termwiseCourse,
  'text-ref': textRef,
  'theory-lesson': theoryLesson,
  'unmapped-report': unmappedReport,
};
