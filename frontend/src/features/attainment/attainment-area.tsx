import { CIE_KINDS, SEE_KINDS } from '@attain/shared-types';
import type { ReactElement } from 'react';
import { useAtomValue } from 'jotai';
import { ATTAINMENT_TABS, tabsFor } from '../../app/navigation';
import { profileAtom } from '../../app/state';
import { COURSE_CONTEXT } from '../../lib/course-context';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { ImportableEntityPage } from '../../components/entity/importable-entity-page';
import { EntityPage } from '../../components/entity/entity-page';
import { CoAttainmentPage } from './co-attainment-page';
import { DataAnalysisPage } from './data-analysis-page';
import { ImprovementPlanPage } from './improvement-plan-page';
import { MarksListPage } from './marks-list-page';
import {
  CayPoAttainmentPage,
  CourseComparisonPage,
  CourseCoAttainmentPage,
  IndividualPoPage,
  PoAttainmentPage,
  ProgramLevelPage,
} from './program-pages';
import { StudentAttainmentPage } from './student-attainment-page';
import { StudentAccountsPage } from './student-accounts-page';

const SCREENS: Record<string, () => ReactElement> = {
  '': () => <MarksListPage kinds={CIE_KINDS} title="CIA Data Entry" base="/attainment" />,
  'ise-mse-data-import': () => <MarksListPage kinds={CIE_KINDS} title="ISE/MSE Data Import" base="/attainment/ise-mse-data-import" />,
  'ese-data-import': () => <MarksListPage kinds={SEE_KINDS} title="ESE Data Import" base="/attainment/ese-data-import" />,
  'co-attainment': () => <CoAttainmentPage />,
  'course-co-attainment': () => <CourseCoAttainmentPage />,
  'course-attainment-comparision': () => <CourseComparisonPage />,
  'po-attainment': () => <PoAttainmentPage />,
  'program-level-course': () => <ProgramLevelPage />,
  'cay-po-attainment': () => <CayPoAttainmentPage />,
  'individual-po-attainment': () => <IndividualPoPage />,
  'data-analysis': () => <DataAnalysisPage />,
  'student-co-attainment': () => <StudentAttainmentPage key="co" of="co" />,
  'student-po-attainment': () => <StudentAttainmentPage key="po" of="po" />,
  'student-improvement-plan': () => <ImprovementPlanPage />,
  methodology: () => <EntityPage key="method" entityName="attainment-method" title="Attainment Methodology" filters={['program']} />,
  // A curriculum's roster by section; Load CSV takes roll_no, name, section, email.
  students: () => <ImportableEntityPage entityName="student" title="Students" filters={['curriculum', 'section']} kinds={['students']} />,
  'student-accounts': () => <StudentAccountsPage />,
};

/**
 * `/attainment/*` (spec part 1 §2 Attainment): marks entry and import, attainment results, methodology, rosters, and
 * (administrators) the students' accounts.
 */
export default function AttainmentArea() {
  const role = useAtomValue(profileAtom)?.role;
  return (
    <SideTabsArea
      base="/attainment"
      label="Attainment"
      keep={COURSE_CONTEXT}
      tabs={tabsFor(ATTAINMENT_TABS, role).map((t) => ({ ...t, element: SCREENS[t.path]() }))}
      withheld={ATTAINMENT_TABS.filter((t) => !tabsFor([t], role).length).map((t) => ({ ...t, who: 'campus administrators' }))}
    />
  );
}
