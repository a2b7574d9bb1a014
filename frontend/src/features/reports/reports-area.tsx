import { REPORTS, type ReportEntry } from '@attain/shared-types';
import type { ReactNode } from 'react';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { ReportPage } from './report-page';
import { EntityPage } from '../../components/entity/entity-page';
import { SarPage } from './sar-page';
import { SarReadinessPage } from './sar-readiness-page';
import { BatchesPage } from './batches-page';
import { SarSectionTables } from './sar-section-tables';

/** The Survey area's pages the Reports area shows at its own routes (given by the router, which composes areas). */
export interface SurveyPages {
  'host-survey': ReactNode;
  'survey-report': ReactNode;
}

/** Choices that follow from report to report: the survey, and the curriculum, term and course. */
const KEPT = ['survey', 'curriculum', 'term', 'course'];

const hasApi = (r: ReportEntry): r is ReportEntry & { api: string } => Boolean(r.api);
const isSurveyPage = (path: string): path is keyof SurveyPages => path === 'host-survey' || path === 'survey-report';

/** The pages of the Reports area that are not generic reports: the SAR export and the SAR's own data. */
const SCREENS: Record<string, () => ReactNode> = {
  sar: () => <SarPage />,
  'sar-readiness': () => <SarReadinessPage />,
  'sar-sections': () => (
    <EntityPage
      key="sections"
      entityName="sar-section"
      title="SAR Sections"
      filters={['program', 'sar_format', 'academic_year', 'item', 'status']}
      formInputs={{ tables: SarSectionTables }}
    />
  ),
  'sar-students': () => <BatchesPage />,
  'sar-first-year': () => <EntityPage key="first-year" entityName="first-year-academics" title="First Year Academics" />,
};

/**
 * `/reports/*` (spec part 2 §2 Reports): a side menu of every report of the catalogue in its order; each
 * report with an API on the generic report page (the curriculum, term and course chosen follow to the next report);
 * Host survey and Survey report are the Survey area's pages (`surveyPages`, keeping `?survey=` between them); the NBA
 * SAR export has its own page.
 */
export default function ReportsArea({ surveyPages }: { surveyPages: SurveyPages }) {
  const screenOf = (r: ReportEntry): ReactNode => {
    if (hasApi(r)) return <ReportPage key={r.api} entry={r} />;
    if (isSurveyPage(r.path)) return surveyPages[r.path];
    return SCREENS[r.path]?.() ?? <p className="hint">This report has no page yet.</p>;
  };
  return (
    <SideTabsArea
      base="/reports"
      label="Reports"
      keep={KEPT}
      tabs={REPORTS.map((r) => ({ label: r.label, path: r.path, element: screenOf(r) }))}
    />
  );
}
