import type { FrozenYear } from '../audit/frozen-year.js';
import type { AuditEntry } from '../audit/audit-entry.js';
import type { FileLink, StoredFile, UploadTicket } from '../files/stored-file.js';
import type { LoginToken, NewUserResponse, PasswordSet, ProfileView } from './auth.js';
import type { CampusUser } from './user-list.js';
import type { SendMailResponse, SentMail, SentMailDetail, SuppressedAddress } from '../mail/mail-api.js';
import type { StakeholderImportResult } from '../survey/stakeholder.js';
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
  PasswordSet: PasswordSet;
  ProfileView: ProfileView;
  CampusUser: CampusUser;
  NewUserResponse: NewUserResponse;
}
