import type { ReactElement } from 'react';
import { SURVEY_TABS } from '../../app/navigation';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { HostSurveyPage } from './host-survey-page';
import { StakeholdersPage } from './stakeholders-page';
import { SurveyDashboardPage } from './survey-dashboard-page';
import { SurveyReportPage } from './survey-report-page';
import { SurveysPage } from './surveys-page';
import { TemplatesPage } from './templates-page';

/** The screen of each Survey tab, by its path. */
const SCREENS: Readonly<Record<string, () => ReactElement>> = {
  '': () => <SurveyDashboardPage />,
  'manage-stakeholder': () => <StakeholdersPage />,
  'manage-survey-templates': () => <TemplatesPage />,
  'create-survey': () => <SurveysPage />,
  'host-survey': () => <HostSurveyPage />,
  'survey-report': () => <SurveyReportPage />,
};

/**
 * `/survey/*` (spec part 2 §2 Survey): the dashboard, stakeholders, templates and surveys, hosting a survey (inviting,
 * reminding, paper results) and its report. Host and Report keep the chosen survey (`?survey=`) between them.
 */
export default function SurveyArea() {
  return (
    <SideTabsArea base="/survey" label="Survey" keep={['survey']} tabs={SURVEY_TABS.map((t) => ({ ...t, element: SCREENS[t.path]() }))} />
  );
}
