import type { RouteContract } from './contract.js';
import { approveYearRoute, listFrozenYearsRoute, unfreezeYearRoute } from '../attainment/freeze-routes.js';
import {
  courseAttainmentRoute,
  importJobRoute,
  importMappedMarksRoute,
  marksMappingRoute,
  marksSheetRoute,
  marksTemplateRoute,
  marksUploadTicketRoute,
  programAttainmentRoute,
  saveMarksRoute,
  studentsAttainmentRoute,
  uploadMarksRoute,
} from '../attainment/attainment-routes.js';
import { improvementPlanRoute, saveImprovementPlanRoute } from '../attainment/improvement-plan-routes.js';
import { coPoMatrixRoutes, questionPaperRoutes } from '../documents/document-routes.js';
import { importFileRoute } from '../imports/import-routes.js';
import { programOutcomeSetupRoute } from '../entities/program-outcome-routes.js';
import { facultyCvRoute, publicationImportRoute } from '../faculty/faculty-routes.js';
import { REPORT_ROUTES, sarReadinessRoute, sarRoute } from '../reports/report-routes.js';
import { batchFiguresRoute, batchImportRoute } from '../sar/batch-import.js';
import { sarTableRowsRoute } from '../sar/table-rows.js';
import { campusStatusRoute, createCampusRoute, dashboardRoute, groupCampusesRoute, rollupRoute } from '../group/group-routes.js';
import { SURVEY_ROUTES } from '../survey/survey-routes.js';
import { MAIL_ROUTES } from '../mail/mail-routes.js';
import { AUDIT_ROUTES } from '../audit/audit-routes.js';
import { FILE_ROUTES } from '../files/file-routes.js';
import { IDENTITY_ROUTES } from '../identity/identity-routes.js';
import { STUDENT_ROUTES } from '../student/my-results.js';
import { MY_SURVEY_ROUTES } from '../student/my-surveys.js';
import { studentEngagementRoute } from '../student/engagement.js';
import { STUDENT_ACCOUNT_ROUTES } from '../student/student-accounts.js';
import { rosterSyncRoute } from '../student/roster-sync.js';
import { API_KEY_ROUTES } from '../identity/api-keys.js';
import { IDENTITY_PROVIDER_ROUTES } from '../identity/identity-providers.js';

/**
 * Every route declared as a contract, in the order the API serves them. The CDK stack, the local server's checks and
 * the API document (`npm run openapi`) read this list; a Lambda imports only its own features' contracts.
 */
export const API_CONTRACTS: readonly RouteContract[] = [
  // attainment
  listFrozenYearsRoute,
  approveYearRoute,
  unfreezeYearRoute,
  courseAttainmentRoute,
  programAttainmentRoute,
  studentsAttainmentRoute,
  improvementPlanRoute,
  saveImprovementPlanRoute,
  marksSheetRoute,
  saveMarksRoute,
  marksTemplateRoute,
  uploadMarksRoute,
  importMappedMarksRoute,
  marksMappingRoute,
  marksUploadTicketRoute,
  importJobRoute,
  // curriculum and assessments
  coPoMatrixRoutes.read,
  coPoMatrixRoutes.save,
  questionPaperRoutes.read,
  questionPaperRoutes.save,
  importFileRoute,
  // configuration
  programOutcomeSetupRoute,
  // documents
  facultyCvRoute,
  publicationImportRoute,
  // reports
  ...REPORT_ROUTES,
  sarRoute,
  sarReadinessRoute,
  sarTableRowsRoute,
  batchImportRoute,
  batchFiguresRoute,
  // group
  groupCampusesRoute,
  createCampusRoute,
  campusStatusRoute,
  rollupRoute,
  dashboardRoute,
  // survey, mail, audit, files, identity
  ...SURVEY_ROUTES,
  ...MAIL_ROUTES,
  ...AUDIT_ROUTES,
  ...FILE_ROUTES,
  ...IDENTITY_ROUTES,
  // students
  ...STUDENT_ROUTES,
  ...MY_SURVEY_ROUTES,
  studentEngagementRoute,
  ...STUDENT_ACCOUNT_ROUTES,
  rosterSyncRoute,
  // machine clients
  ...API_KEY_ROUTES,
  ...IDENTITY_PROVIDER_ROUTES,
];
