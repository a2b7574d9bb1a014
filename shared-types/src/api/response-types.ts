import type { FrozenYear } from '../audit/frozen-year.js';
import type {
  CourseAttainmentView,
  ImprovementPlanSaved,
  ImprovementPlanView,
  ProgramAttainmentView,
  StudentsAttainmentView,
} from '../attainment/views.js';
import type { MarksSaveResult, MarksSheetView, MarksUploadTicket } from '../attainment/marks-sheet-view.js';
import type { MappedMarksResult, MarksMappingView } from '../attainment/foreign-marks.js';
import type { ImportJob } from '../attainment/marks-sheet.js';
import type { CoPoMatrixView } from '../documents/co-po-matrix-view.js';
import type { QuestionPaperView } from '../documents/question-paper-view.js';
import type { ImportResult } from '../imports/import-kinds.js';
import type { PublicationImportResult } from './publication-import.js';
import type { ReportView } from '../reports/report-view.js';
import type { SarView } from '../reports/sar.js';
import type { SarReadinessView } from '../sar/readiness-view.js';
import type { PoMovePreview } from '../sar/program-outcomes.js';
import type { UserAccess } from '../identity/access.js';
import type { GroupCampus, GroupView } from '../group/group-api.js';
import type { RollupView } from '../group/rollup.js';
import type { DashboardView } from '../group/dashboard.js';
import type { RecordOf } from '../registry/entity.js';
import type { genericProgramOutcome } from '../entities/generic-program-outcome.js';
import type { AuditEntry } from '../audit/audit-entry.js';
import type { FileLink, StoredFile, UploadTicket } from '../files/stored-file.js';
import type { LoginToken, NewUserResponse, PasswordSet, ProfileView, ResetRequested } from './auth.js';
import type { ApiKey, ApiKeyCreated } from '../identity/api-keys.js';
import type { IdentityProviderSetting, SsoLookup } from '../identity/identity-providers.js';
import type { RosterSyncResult } from '../student/roster-sync.js';
import type { CampusUser } from './user-list.js';
import type { SendMailResponse, SentMail, SentMailDetail, SuppressedAddress } from '../mail/mail-api.js';
import type { StakeholderImportResult } from '../survey/stakeholder.js';
import type { MyResultsView } from '../student/my-results.js';
import type { MySurvey, MySurveyAnswered, MySurveyForm } from '../student/my-surveys.js';
import type { StudentEngagementView } from '../student/engagement.js';
import type { StudentAccountRow, StudentInviteResult, StudentInviteRun } from '../student/student-accounts.js';
import type { BatchImportResult, BatchKnownFigures } from '../sar/batch-import.js';
import type { SarTableRowsView } from '../sar/table-rows.js';
import type {
  OfflineResults,
  PublicSurvey,
  SurveyAnswered,
  SurveyDashboardView,
  SurveyHostView,
  SurveyMailResult,
  SurveyReportView,
} from '../survey/survey-api.js';

/**
 * Every type a route answers with, by the name the API document gives it (decision 0038). A route contract names its
 * answer's type here (`item('FrozenYear')`); the typed client reads the TypeScript type from this map, and
 * `npm run openapi` writes each type's JSON Schema into the document from the same declarations. Add a type here
 * when a route first answers with it.
 */
export interface ResponseTypes {
  FrozenYear: FrozenYear;
  CourseAttainmentView: CourseAttainmentView;
  ProgramAttainmentView: ProgramAttainmentView;
  StudentsAttainmentView: StudentsAttainmentView;
  ImprovementPlanView: ImprovementPlanView;
  ImprovementPlanSaved: ImprovementPlanSaved;
  MarksSheetView: MarksSheetView;
  MarksSaveResult: MarksSaveResult;
  MappedMarksResult: MappedMarksResult;
  MarksMappingView: MarksMappingView;
  MarksUploadTicket: MarksUploadTicket;
  ImportJob: ImportJob;
  CoPoMatrixView: CoPoMatrixView;
  QuestionPaperView: QuestionPaperView;
  ImportResult: ImportResult;
  PublicationImportResult: PublicationImportResult;
  ReportView: ReportView;
  SarView: SarView;
  SarReadinessView: SarReadinessView;
  PoMovePreview: PoMovePreview;
  UserAccess: UserAccess;
  BatchImportResult: BatchImportResult;
  BatchKnownFigures: BatchKnownFigures;
  SarTableRowsView: SarTableRowsView;
  GroupView: GroupView;
  GroupCampus: GroupCampus;
  RollupView: RollupView;
  DashboardView: DashboardView;
  GenericProgramOutcome: RecordOf<typeof genericProgramOutcome>;
  // survey
  PublicSurvey: PublicSurvey;
  SurveyAnswered: SurveyAnswered;
  StakeholderImportResult: StakeholderImportResult;
  SurveyHostView: SurveyHostView;
  SurveyMailResult: SurveyMailResult;
  OfflineResults: OfflineResults;
  SurveyDashboardView: SurveyDashboardView;
  SurveyReportView: SurveyReportView;
  // mail
  SentMail: SentMail;
  SendMailResponse: SendMailResponse;
  SentMailDetail: SentMailDetail;
  SuppressedAddress: SuppressedAddress;
  // audit
  AuditEntry: AuditEntry;
  // files
  UploadTicket: UploadTicket;
  StoredFile: StoredFile;
  FileLink: FileLink;
  // identity
  LoginToken: LoginToken;
  ApiKey: ApiKey;
  ApiKeyCreated: ApiKeyCreated;
  IdentityProviderSetting: IdentityProviderSetting;
  SsoLookup: SsoLookup;
  RosterSyncResult: RosterSyncResult;
  PasswordSet: PasswordSet;
  ResetRequested: ResetRequested;
  ProfileView: ProfileView;
  CampusUser: CampusUser;
  NewUserResponse: NewUserResponse;
  // students
  MyResultsView: MyResultsView;
  MySurvey: MySurvey;
  MySurveyForm: MySurveyForm;
  MySurveyAnswered: MySurveyAnswered;
  StudentEngagementView: StudentEngagementView;
  StudentAccountRow: StudentAccountRow;
  StudentInviteResult: StudentInviteResult;
  StudentInviteRun: StudentInviteRun;
}
