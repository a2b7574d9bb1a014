import { Suspense, lazy } from 'react';
import { Navigate, createBrowserRouter } from 'react-router-dom';
import { SignInPage } from '../features/sign-in/sign-in-page';

const SignedInFrame = lazy(() => import('./signed-in-frame'));
const SetPasswordPage = lazy(() => import('../features/sign-in/set-password-page'));
const ForgotPasswordPage = lazy(() => import('../features/sign-in/forgot-password-page'));
const SsoCallbackPage = lazy(() => import('../features/sign-in/sso-callback-page'));
const PublicSurveyPage = lazy(() => import('../features/public-survey/public-survey-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const ConfigurationArea = lazy(() => import('../features/configuration/configuration-area'));
const CurriculumArea = lazy(() => import('../features/curriculum/curriculum-area'));
const AssessmentsArea = lazy(() => import('../features/assessments/assessments-area'));
const AttainmentArea = lazy(() => import('../features/attainment/attainment-area'));
const FacultyArea = lazy(() => import('../features/faculty/faculty-area'));
const UtilitiesArea = lazy(() => import('../features/utilities/utilities-area'));
const SurveyArea = lazy(() => import('../features/survey/survey-area'));
const ReportsArea = lazy(() => import('../features/reports/reports-area'));
const GroupArea = lazy(() => import('../features/group/group-area'));
const MyResultsPage = lazy(() => import('../features/student-home/my-results-page'));
const MySurveysPage = lazy(() => import('../features/student-home/my-surveys-page'));
const MySurveyPage = lazy(() => import('../features/student-home/my-survey-page'));
// The Survey area's Host and Report pages, shown under /reports too (their chunk loads when one is opened).
const HostSurveyPage = lazy(() => import('../features/survey/host-survey-page').then((m) => ({ default: m.HostSurveyPage })));
const SurveyReportPage = lazy(() => import('../features/survey/survey-report-page').then((m) => ({ default: m.SurveyReportPage })));
const SURVEY_PAGES = { 'host-survey': <HostSurveyPage />, 'survey-report': <SurveyReportPage /> };

/**
 * Routes: `/`, `/set-password` (an invitation's or a reset link), `/forgot-password`, `/sso/callback` (back from a
 * college's own sign-in) and `/s/<token>` (a survey invitation's link, answered without signing in) are public; every
 * other route of an area sits behind the auth gate inside the app shell, and an address no route serves shows the
 * Page not found page.
 */
export const router = createBrowserRouter([
  { path: '/', element: <SignInPage /> },
  {
    path: '/set-password',
    element: (
      <Suspense fallback={null}>
        <SetPasswordPage />
      </Suspense>
    ),
  },
  {
    path: '/forgot-password',
    element: (
      <Suspense fallback={null}>
        <ForgotPasswordPage />
      </Suspense>
    ),
  },
  {
    // SSO_CALLBACK_PAGE of shared-types: where the user pool returns from a college's own sign-in (decision 0063).
    path: '/sso/callback',
    element: (
      <Suspense fallback={null}>
        <SsoCallbackPage />
      </Suspense>
    ),
  },
  {
    // PUBLIC_SURVEY_PAGE of shared-types, written out: the first page's bundle carries no shared-types code.
    path: '/s/:token',
    element: (
      <Suspense fallback={null}>
        <PublicSurveyPage />
      </Suspense>
    ),
  },
  {
    element: (
      <Suspense fallback={null}>
        <SignedInFrame />
      </Suspense>
    ),
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/configuration/*', element: <ConfigurationArea /> },
      { path: '/curriculum/*', element: <CurriculumArea /> },
      { path: '/assessments/*', element: <AssessmentsArea /> },
      { path: '/attainment/*', element: <AttainmentArea /> },
      { path: '/faculty-contribution/*', element: <FacultyArea /> },
      { path: '/utilities/*', element: <UtilitiesArea /> },
      { path: '/survey/*', element: <SurveyArea /> },
      { path: '/reports/*', element: <ReportsArea surveyPages={SURVEY_PAGES} /> },
      { path: '/group', element: <Navigate to="/group/campuses" replace /> },
      { path: '/group/*', element: <GroupArea /> },
      { path: '/me', element: <MyResultsPage /> },
      { path: '/me/surveys', element: <MySurveysPage /> },
      { path: '/me/surveys/:survey', element: <MySurveyPage /> },
    ],
  },
  {
    path: '*',
    element: (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    ),
  },
]);
